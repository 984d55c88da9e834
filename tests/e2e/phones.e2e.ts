import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { launchChromium, newContext, PHONE } from "./chromium.ts";
import { signIn } from "./session.ts";

/** Issue 9 §5 at phone size (390x844): lists as cards, the no-access and not-found pages. */
describe("on a phone", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  async function phonePage(username: string): Promise<Page> {
    const page = await (await newContext(browser, inject("baseUrl"), PHONE)).newPage();
    await signIn(page, username);
    return page;
  }

  it("the patient list shows each patient as a card, every column under its label, nothing scrolling sideways", async () => {
    const page = await phonePage("clinician");
    await page.goto("/clinician/patients?search=MRN1001");
    const list = page.getByRole("list", { name: "Patients" });
    const card = list.getByRole("listitem").filter({ hasText: "MRN1001" });
    await card.waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
    const labels = await card.locator("dt").allTextContents();
    for (const label of ["Name", "MRN", "Birthdate", "Gender at birth", "Clinicians"]) expect(labels).toContain(label);
    expect(await card.locator("dt", { hasText: /^MRN$/ }).locator("xpath=following-sibling::dd[1]").textContent()).toBe(
      "MRN1001",
    );
    await card.getByRole("link", { name: "Jordan Rivera" }).waitFor();
    await page.getByLabel("Sort by").waitFor();
    // The page is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("a clinician without settings access is told so inside the app, navigation kept", async () => {
    const page = await phonePage("clinician");
    await page.goto("/settings/general");
    await page.getByRole("heading", { level: 1, name: "You don't have access to this page" }).waitFor();
    expect(await page.getByText("Page not found").count()).toBe(0);
    await page.getByRole("banner").waitFor();
    await page.getByRole("button", { name: "Open navigation" }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Patients" }).waitFor();
    expect(await nav.getByRole("link", { name: "Settings" }).count()).toBe(0);
    await page.getByRole("button", { name: "Close navigation" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Go to your home page" }).click();
    // A clinician's home is their worklists (docs/home.md).
    await page.waitForURL("**/clinician/home**");
    await page.context().close();
  });

  it("an unknown address says the page was not found and offers a way back", async () => {
    const page = await phonePage("clinician");
    await page.goto("/clinician/patients");
    await page.getByRole("heading", { name: "Patients" }).waitFor();
    await page.goto("/clinician/no-such-screen");
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    await page.getByText(/There is no page at this address/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Go to your home page" }).click();
    // A clinician's home is their worklists (docs/home.md).
    await page.waitForURL("**/clinician/home**");
    await page.context().close();
  });
});
