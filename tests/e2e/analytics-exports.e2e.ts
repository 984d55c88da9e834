import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseCsv, unzipText } from "../server/analytics/exports/export-helpers.ts";
import { seriousViolations } from "./axe.ts";
import { DESKTOP, launchChromium, newContext } from "./chromium.ts";
import { signIn } from "./session.ts";

/**
 * Issue 13 §5 and §7, as a program director preparing a board report: run a query, export it,
 * wait for Ready in the exports list, download the zip and open its codebook, whose hash is the
 * one the explorer showed. The list keeps polling without counting as activity (spec §4), and
 * says "Reconnecting…" while its updates are lost.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

async function runQuery(page: Page): Promise<string> {
  await signIn(page, "director");
  await page.goto("/analytics/outcomes-explorer");
  await page.getByRole("heading", { level: 1, name: "Outcomes explorer" }).waitFor();
  await page.getByRole("button", { name: /^Select all programs/ }).click();
  const measures = page.getByRole("button", { name: /^Select all measures/ });
  await expect.poll(() => measures.isEnabled()).toBe(true);
  await page.getByLabel("Measures", { exact: true }).click();
  await page.getByRole("option", { name: "PHQ-9", exact: true }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Run query" }).click();
  await page.getByText(/^[\d,]+ records found$/).waitFor();
  const hash = await page
    .getByText(/^Hash [0-9a-f]{16}$/)
    .first()
    .textContent();
  return (hash ?? "").replace("Hash ", "");
}

describe("outcomes explorer exports", () => {
  it("a director exports a query, waits for Ready, downloads the zip and finds the query's hash in its codebook", async () => {
    const context = await newContext(browser, inject("baseUrl"), DESKTOP);
    const page = await context.newPage();
    const hash = await runQuery(page);
    const found = Number(((await page.getByText(/^[\d,]+ records found$/).textContent()) ?? "").replace(/\D/g, ""));
    const exportsSection = page.locator("section[aria-labelledby='exports-title']");

    // Updates lost: the list says it is reconnecting, and recovers by itself.
    let listCalls = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/analytics/export/user-status")) listCalls++;
    });
    await page.route("**/api/analytics/export/user-status", (route) => route.abort());
    await page.getByRole("button", { name: "Export records" }).click();
    // The 4-second tooltip says where the export will be.
    const tip = page.getByRole("tooltip").filter({ hasText: "Your export is being prepared." });
    await tip.waitFor();
    await exportsSection.getByText("Reconnecting…").waitFor();
    const lastActivity = await page.evaluate(() => localStorage.getItem("mbc.lastActivity"));
    await page.unroute("**/api/analytics/export/user-status");
    await exportsSection.getByText("Reconnecting…").waitFor({ state: "detached", timeout: 15_000 });
    await tip.waitFor({ state: "detached", timeout: 10_000 });

    // The row of this export: Queued or Generating, then Ready.
    const table = page.getByRole("table", { name: "Your exports" });
    const row = table
      .getByRole("row")
      .filter({ hasText: `Hash ${hash}` })
      .first();
    await row.getByText("Ready").waitFor({ timeout: 60_000 });
    expect(await row.textContent()).toContain(found.toLocaleString("en-US"));
    expect(await seriousViolations(page)).toEqual([]);
    // Polling the list is not activity: the inactivity deadline did not move while it polled.
    expect(listCalls).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => localStorage.getItem("mbc.lastActivity"))).toBe(lastActivity);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("button", { name: /^Download / }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^outcomes-${hash}-\\d{4}-\\d\\d-\\d\\d\\.zip$`));
    const files = await unzipText(await readFile(await download.path()));
    const book = files.get("codebook.md") as string;
    expect(book).toContain(`Query hash: \`${hash}\``);
    expect(book).toContain("| PHQ-9 | Patient Health Questionnaire-9 |");
    const [header, ...records] = parseCsv(files.get("records.csv") as string);
    expect(header).toContain("measure_name");
    expect(records).toHaveLength(found);

    // A ready export can be deleted; it leaves the list.
    await row.getByRole("button", { name: /^Delete / }).click();
    await expect.poll(() => table.getByRole("row").filter({ hasText: download.suggestedFilename() }).count()).toBe(0);
    await context.close();
  }, 120_000);
});
