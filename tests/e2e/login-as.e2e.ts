import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { DESKTOP, launchChromium, newContext } from "./chromium.ts";
import { DEMO_PASSWORD, signIn } from "./session.ts";

/** Jordan Rivera (MRN1001) is the demo clinician's patient; a GAD-7 due today gives him something to answer. */
async function openJordanWithSomethingOpen(page: Page): Promise<void> {
  await page.goto("/clinician/patients?search=MRN1001");
  await page.getByRole("link", { name: "Jordan Rivera" }).click();
  await page.getByRole("heading", { level: 1, name: "Jordan Rivera" }).waitFor();
  await page.getByRole("button", { name: "Assign measure" }).click();
  const dialog = page.getByRole("dialog", { name: "Assign measure" });
  const measure = dialog.getByLabel("Measure");
  const gad7 = measure.locator("option", { hasText: /^GAD-7 — / });
  await gad7.waitFor({ state: "attached" });
  await measure.selectOption({ label: (await gad7.textContent()) ?? "" });
  await dialog.getByRole("button", { name: "Assign" }).click();
  const assigned = page.getByText(/GAD-7 assigned to Jordan Rivera/);
  const again = dialog.getByRole("button", { name: "Schedule again" });
  await assigned.or(again).first().waitFor();
  if (await again.isVisible()) await again.click();
  await assigned.waitFor();
}

async function axeClean(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), what).toEqual([]);
}

describe("in-clinic administration (login as respondent)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("hands the device to the respondent, who answers a question; only the clinician's password takes it back", async () => {
    const page = await (await newContext(browser, inject("baseUrl"), DESKTOP)).newPage();
    await signIn(page, "clinician");
    await openJordanWithSomethingOpen(page);

    await page.getByRole("button", { name: "Hand device to Jordan Rivera" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Hand device to Jordan Rivera" });
    await dialog.getByRole("button", { name: "Hand over" }).click();
    await page.waitForURL("**/session**");

    // The locked view: the respondent's questionnaires, no account menu, no way into the chart.
    const agreement = page.getByRole("heading", { name: "Privacy agreement" });
    const start = page.locator('a[href^="/session/measure/"]').first();
    await agreement.or(start).first().waitFor({ timeout: 20_000 });
    if (await agreement.isVisible()) {
      await page.getByRole("checkbox", { name: /accept the privacy agreement/ }).check();
      await page.getByRole("button", { name: "Continue" }).click();
    }
    await start.waitFor();
    expect(await page.getByRole("button", { name: /^Account/ }).count()).toBe(0);
    await page.getByText("Answering as Jordan Rivera").waitFor();
    await axeClean(page, "locked session list");
    await page.goto("/clinician/patients");
    await page.waitForURL("**/session");

    await page.locator('a[href^="/session/measure/"]').first().click();
    await page.getByRole("radiogroup").first().getByRole("radio").nth(1).check();
    await page.getByRole("status").filter({ hasText: "All answers saved" }).waitFor();
    await axeClean(page, "locked questionnaire");

    // A wrong password says so and the device stays locked.
    await page.getByRole("button", { name: "Return to clinician" }).click();
    const back = page.getByRole("dialog", { name: "Return to clinician" });
    await back.getByLabel("Your password").fill("Not#The1Password");
    await back.getByRole("button", { name: "Return to clinician" }).click();
    await back.getByRole("alert").filter({ hasText: "That password is not right" }).waitFor();
    await axeClean(page, "return to clinician dialog");
    expect(new URL(page.url()).pathname).toMatch(/^\/session\//);

    await back.getByLabel("Your password").fill(DEMO_PASSWORD);
    await back.getByRole("button", { name: "Return to clinician" }).click();
    // Back where the device was handed over: Jordan's chart, signed in as the clinician again.
    await page.waitForURL("**/assignment/**");
    await page.getByRole("heading", { level: 1, name: "Jordan Rivera" }).waitFor();
    await page.getByRole("button", { name: /^Account/ }).waitFor();
  });
});
