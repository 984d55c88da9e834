import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { DESKTOP, launchChromium, newContext, PHONE } from "./chromium.ts";
import { signIn } from "./session.ts";

/**
 * Issue 13 §4, the usage dashboards: the demo director opens Analytics, lands on the outcomes
 * explorer (their analytics role), goes to Usage: patients and finds the respondents chart and
 * table over the last 30 days, then Clinical and Measures; every screen passes axe, on a laptop and
 * on a phone. The demo's two-weekly PHQ-9 and GAD-7 history gives every chart data.
 */
describe("usage dashboards", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  async function directorPage(viewport = DESKTOP): Promise<Page> {
    const page = await (await newContext(browser, inject("baseUrl"), viewport)).newPage();
    await signIn(page, "director");
    return page;
  }

  /** A usage panel once loaded: a chart figure (or the sentence of an empty range) and no failure. */
  async function panelReady(page: Page, title: string): Promise<void> {
    const panel = page.getByRole("region", { name: title, exact: true });
    await panel.waitFor();
    await expect.poll(() => panel.getByRole("status").count(), { timeout: 20_000 }).toBe(0);
    expect(await panel.getByText("There was a problem loading this data").count()).toBe(0);
  }

  it("the director goes from Analytics through patients, clinical and measures usage", async () => {
    const page = await directorPage();
    // A director's home is Analytics (docs/home.md): signing in lands on the outcomes explorer.
    await page.waitForURL("**/analytics/outcomes-explorer");
    await page.goto("/clinician/patients");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Analytics" }).click();
    await page.waitForURL("**/analytics/outcomes-explorer");

    const tabs = page.getByRole("navigation", { name: "Analytics" });
    await tabs.getByRole("link", { name: "Usage: patients" }).click();
    await page.getByRole("heading", { level: 1, name: "Patient usage" }).waitFor();
    // The default range: the last 30 days ending yesterday.
    const to = await page.getByLabel("To").inputValue();
    const from = await page.getByLabel("From").inputValue();
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    expect(days).toBe(30);
    await panelReady(page, "Respondents answering measures");
    const respondents = page.getByRole("region", { name: "Respondents answering measures", exact: true });
    await respondents.getByRole("figure", { name: "Active and new respondents" }).waitFor();
    await respondents.getByRole("table", { name: "Respondents answering measures table" }).waitFor();
    // Weekly by default (spec §9): the table's rows are weeks, each a From and a To day.
    const rows = respondents.getByRole("table", { name: "Respondents answering measures table" }).getByRole("row");
    expect(await rows.count()).toBeGreaterThanOrEqual(5);
    await panelReady(page, "Invitations");
    expect(await seriousViolations(page)).toEqual([]);

    await tabs.getByRole("link", { name: "Usage: clinical" }).click();
    await page.getByRole("heading", { level: 1, name: "Clinical usage" }).waitFor();
    // The range travels with the tabs.
    expect(await page.getByLabel("From").inputValue()).toBe(from);
    await panelReady(page, "Measures due and completed");
    await page.getByRole("figure", { name: "Measures due and completed" }).waitFor();
    await panelReady(page, "Clinical sign-ins");
    // Group by week with the keyboard.
    await page.getByRole("radio", { name: "Weekly" }).focus();
    await page.keyboard.press("Space");
    await expect.poll(() => page.url()).toContain("interval=week");
    await panelReady(page, "Measures due and completed");
    expect(await seriousViolations(page)).toEqual([]);

    await tabs.getByRole("link", { name: "Usage: measures" }).click();
    await page.getByRole("heading", { level: 1, name: "Measure usage" }).waitFor();
    await panelReady(page, "Completions per measure");
    const completion = page.getByRole("table", { name: "Completions per measure table" });
    await completion.getByRole("cell", { name: "PHQ-9", exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // An end before the start is said, and not asked for.
    await page.getByLabel("To").fill("01/01/2020");
    await page.getByLabel("To").press("Tab");
    await page.getByText("The end date must be on or after the start date.").waitFor();
    await page.context().close();
  });

  it("fits a phone, the tables as cards", async () => {
    const page = await directorPage(PHONE);
    await page.goto("/analytics/usage/clinical");
    await page.getByRole("heading", { level: 1, name: "Clinical usage" }).waitFor();
    await panelReady(page, "Measures due and completed");
    await panelReady(page, "Clinical sign-ins");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("keeps a clinician out", async () => {
    const page = await (await newContext(browser, inject("baseUrl"), DESKTOP)).newPage();
    await signIn(page, "clinician");
    await page.goto("/analytics/usage/patients");
    await page.getByRole("heading", { name: "You don't have access to this page" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Analytics" }).count()).toBe(
      0,
    );
    await page.context().close();
  });
});
