import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { DESKTOP, launchChromium, newContext, PHONE } from "./chromium.ts";
import { signIn } from "./session.ts";

/**
 * Issue 13 §3: after running a query, a director reads the clinical significance of change
 * between admission and discharge, by either method, with the instruments left out saying why.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

async function openExplorer(page: Page): Promise<void> {
  await signIn(page, "director");
  await page.goto("/analytics/outcomes-explorer");
  await page.getByRole("heading", { level: 1, name: "Outcomes explorer" }).waitFor();
}

async function runPhq9Query(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^Select all programs/ }).click();
  await expect.poll(() => page.getByRole("button", { name: /^Select all measures/ }).isEnabled()).toBe(true);
  await page.getByLabel("Measures", { exact: true }).click();
  await page.getByRole("option", { name: "PHQ-9", exact: true }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Run query" }).click();
  await page.getByText(/^[\d,]+ records found$/).waitFor();
}

describe("clinical significance", () => {
  it("a director sees the table by both methods, the left-out instruments saying why, and the stacked bar", async () => {
    const context = await newContext(browser, inject("baseUrl"), DESKTOP);
    const page = await context.newPage();
    await openExplorer(page);
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Clinical significance" }) });
    await section.getByText(/^Run a query to see, for each of its instruments/).waitFor();

    await runPhq9Query(page);
    const table = page.getByRole("table", { name: "Clinical significance by instrument" });
    await table.waitFor();
    // Jacobson–Truax: no instrument carries verified test–retest reliability and SD, and the row says so.
    const phq9 = table.getByRole("row", { name: /PHQ-9/ });
    await expect.poll(() => phq9.textContent()).toContain("test–retest reliability and standard deviation");
    expect(await seriousViolations(page)).toEqual([]);

    // NHS Talking Therapies, chosen by keyboard: counts per category, the parameters and the chart.
    await page.getByRole("radio", { name: /^Jacobson–Truax/ }).focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.getByRole("radio", { name: /^NHS Talking Therapies/ }).isChecked()).toBe(true);
    await table.getByRole("columnheader", { name: "Not a case at admission" }).waitFor();
    await section.getByText("Caseness: 10 or more").waitFor();
    await section.getByText("Reliable change: 6 points").waitFor();
    // The demo's final discharges have their discharge PHQ-9: there are pairs, and the stacked bar draws them.
    expect(Number(await phq9.getByRole("cell").first().textContent())).toBeGreaterThan(0);
    await section.getByRole("heading", { name: "Clinical significance of change, admission to discharge" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("fits a phone", async () => {
    const context = await newContext(browser, inject("baseUrl"), PHONE);
    const page = await context.newPage();
    await openExplorer(page);
    await runPhq9Query(page);
    await page.getByRole("table", { name: "Clinical significance by instrument" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width + 1);
    await context.close();
  });
});
