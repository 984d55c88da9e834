import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { DESKTOP, launchChromium, newContext, PHONE } from "./chromium.ts";
import { waitOrDescribe } from "./page-state.ts";
import { signIn } from "./session.ts";

/**
 * Issue 13 §7, the outcomes explorer as a program director uses it: build a query from the
 * filters, run it, pick columns, save it under a name, and find it again with its hash.
 */

// Unique per run: the demo server is shared by every e2e file, and a rerun must not meet its own query.
const run = Date.now().toString(36).slice(-5).toUpperCase();
const queryName = `Board PHQ-9 ${run}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

async function openExplorer(page: Page): Promise<void> {
  await signIn(page, "director");
  // The Analytics entry opens the outcomes explorer for the analytics role (spec §2).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Analytics" }).click();
  // The director signs in at /analytics, so this click comes while the explorer's code loads: two
  // CI runs stuck here on a blank page until app/Redirect.tsx (tests/client/app/redirect.test.tsx).
  await waitOrDescribe(page, page.getByRole("heading", { level: 1, name: "Outcomes explorer" }), 60_000);
}

/** Every program, then the PHQ-9 among the measures those programs give. */
async function buildQuery(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^Select all programs/ }).click();
  const measures = page.getByRole("button", { name: /^Select all measures/ });
  await expect.poll(() => measures.isEnabled()).toBe(true);
  await page.getByLabel("Measures", { exact: true }).click();
  await page.getByRole("option", { name: "PHQ-9", exact: true }).click();
  await page.keyboard.press("Escape");
}

describe("outcomes explorer", () => {
  it("a director builds a query, runs it, picks columns, saves it and opens it again", {
    timeout: 300_000,
  }, async () => {
    const context = await newContext(browser, inject("baseUrl"), DESKTOP);
    const page = await context.newPage();
    await openExplorer(page);
    // Before a run, the records panel says what to do; the empty saved list says what it is for.
    await page.getByText(/^Pick the programs, measures and people to include, then run the query\./).waitFor();

    // Running without programs or measures names what is missing, under the filters.
    await page.getByRole("button", { name: "Run query" }).click();
    const attention = page.getByRole("alert").filter({ hasText: /filters need attention/ });
    await attention.waitFor();
    expect(await attention.textContent()).toContain("Select at least one program.");
    expect(await attention.textContent()).toContain("Select at least one measure.");

    await buildQuery(page);
    // The clinicians of the programs start picked, Unassigned among them.
    await page.locator(".mantine-Pill-label", { hasText: /^Unassigned$/ }).waitFor();
    await page.getByRole("button", { name: "Run query" }).click();
    const count = page.getByText(/^[\d,]+ records found$/);
    await count.waitFor();
    const found = Number((await count.textContent())?.replace(/\D/g, ""));
    expect(found).toBeGreaterThan(0);
    const table = page.getByRole("table", { name: "Outcome records" });
    await expect.poll(() => table.getByRole("columnheader", { name: "Measure" }).count()).toBe(1);
    expect(await table.getByRole("cell", { name: "PHQ-9", exact: true }).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Issue 13 §2: the query's chart is drawn below; its numbers are one click away, and it downloads.
    const charts = page.getByRole("region", { name: "Charts" });
    await charts.getByRole("heading", { name: "Score over time — PHQ-9" }).waitFor();
    await charts.getByText("Data table", { exact: true }).click();
    const data = charts.getByRole("table", { name: "Score over time — PHQ-9 data" });
    await expect.poll(() => data.getByRole("row").count()).toBeGreaterThan(1);
    for (const kind of ["CSV", "PNG"]) {
      const download = page.waitForEvent("download");
      await charts.getByRole("button", { name: `Download ${kind}` }).click();
      expect((await download).suggestedFilename()).toMatch(
        new RegExp(`^score-over-time-[0-9a-f]{16}\\.${kind.toLowerCase()}$`),
      );
    }
    expect(await seriousViolations(page)).toEqual([]);

    // The column chooser adds a hidden column, by keyboard-operable controls.
    await page.getByRole("button", { name: /^Columns \(/ }).click();
    await page.getByRole("checkbox", { name: "Gender at birth" }).check();
    await page.getByRole("button", { name: "Move Gender at birth earlier" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => table.getByRole("columnheader", { name: "Gender at birth" }).count()).toBe(1);

    // Saved under a name, with the hash the records panel shows.
    const hash = (
      await page
        .getByText(/^Hash [0-9a-f]{16}$/)
        .first()
        .textContent()
    )?.replace("Hash ", "");
    await page.getByLabel("Query Name").fill(queryName);
    await page.getByRole("button", { name: "Save query" }).click();
    const saved = page.getByRole("button", { name: new RegExp(`^${queryName}`) });
    await saved.waitFor();
    await expect.poll(() => saved.textContent()).toContain(`Hash ${hash}`);

    // A second save under the same name offers to replace it.
    await page.getByLabel("Query Name").fill(queryName.toUpperCase());
    await page.getByRole("button", { name: "Save query" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "A saved query already has this name." });
    await refusal.waitFor();
    await refusal.getByRole("button", { name: "Choose another name" }).click();

    // Favorited, it is listed first.
    await page.getByRole("button", { name: `Add ${queryName} to favorites` }).click();
    await page.getByRole("button", { name: `Remove ${queryName} from favorites` }).waitFor();
    const first = page.locator("section[aria-labelledby='saved-queries-title'] li").first();
    await expect.poll(() => first.textContent()).toContain(queryName);

    // Opened on a fresh page, it brings back its filters and columns and runs to the same count.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Outcomes explorer" }).waitFor();
    await page.getByRole("button", { name: new RegExp(`^${queryName}`) }).click();
    await page.getByRole("button", { name: "Run query" }).click();
    await page.getByText(`${found.toLocaleString("en-US")} records found`).waitFor();
    await expect.poll(() => table.getByRole("columnheader", { name: "Gender at birth" }).count()).toBe(1);
    await context.close();
  });

  it("works on a phone: filters above the records, no serious axe violation", async () => {
    const context = await newContext(browser, inject("baseUrl"), PHONE);
    const page = await context.newPage();
    await signIn(page, "director");
    await page.goto("/analytics/outcomes-explorer");
    await page.getByRole("heading", { level: 1, name: "Outcomes explorer" }).waitFor();
    await buildQuery(page);
    await page.getByRole("button", { name: "Run query" }).click();
    await page.getByText(/^[\d,]+ records found$/).waitFor();
    await page.getByRole("heading", { name: "Score over time — PHQ-9" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width + 1);
    await context.close();
  });

  it("is not there for a clinician", async () => {
    const context = await newContext(browser, inject("baseUrl"), DESKTOP);
    const page = await context.newPage();
    await signIn(page, "clinician");
    expect(await page.getByRole("link", { name: "Analytics" }).count()).toBe(0);
    await page.goto("/analytics/outcomes-explorer");
    await page
      .getByText(/don't have access/i)
      .first()
      .waitFor();
    await context.close();
  });
});
