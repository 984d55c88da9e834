import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium, newContext } from "./chromium.ts";
import { signIn } from "./session.ts";

/**
 * The patient chart's tabs (issue 10 §4): each tab is an address the browser's back button and a
 * link can reach, and every point of a score chart has a keyboard-reachable link to its report.
 */
describe("the patient chart's tabs", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("opens a chart from an alert's report, moves between tabs by address, and opens a session from the chart", {
    timeout: 90_000,
  }, async () => {
    const page = await (await newContext(browser, inject("baseUrl"), DESKTOP)).newPage();
    await signIn(page, "clinician");
    // A chart with results: the one of the first active alert.
    await page.goto("/clinician/alert-list");
    await page.locator('main a[href^="/assignment/"]').first().click();
    await page.getByRole("heading", { level: 1, name: /session report$/ }).waitFor();
    await page.locator("main a", { hasText: "←" }).first().click();

    await page.waitForURL(/\/assignment\/\d+\/\d+\/measures$/);
    const measuresTab = page.getByRole("tab", { name: "Measures", exact: true });
    expect(await measuresTab.getAttribute("aria-selected")).toBe("true");

    await page.getByRole("tab", { name: "Measures list" }).click();
    await page.waitForURL(/\/measures-list$/);
    await page
      .getByRole("table", { name: /^Measures list of / })
      .first()
      .waitFor();
    await page.getByRole("tab", { name: "Information" }).click();
    await page.waitForURL(/\/information$/);
    await page.getByRole("list", { name: "Respondents" }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/measures-list$/);
    await page.goBack();
    await page.waitForURL(/\/measures$/);

    // Under each score chart, a link per session (the drawing itself cannot take focus).
    const reports = page.getByRole("list", { name: / session reports$/ }).first();
    const link = reports.getByRole("link").first();
    await link.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/assignment\/\d+\/\d+\/measures\/\d+$/);
    await page.getByRole("heading", { level: 1, name: /session report$/ }).waitFor();
    await page.context().close();
  });
});
