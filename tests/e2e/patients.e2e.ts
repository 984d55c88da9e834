import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newContext, PHONE } from "./chromium.ts";
import { signIn } from "./session.ts";

async function openPatients(page: Page) {
  await page.getByRole("link", { name: "Patients" }).first().click();
  await page.getByRole("heading", { name: "Patients" }).waitFor();
}

describe("patients", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("lists the clinician's patients and finds one by name and by MRN", async () => {
    const page = await (await newContext(browser, inject("baseUrl"))).newPage();
    await signIn(page, "clinician");
    await openPatients(page);
    await page.getByRole("link", { name: /Jordan Rivera/ }).waitFor();
    const search = page.getByLabel("Search patients");
    await search.fill("Rivera");
    await page.getByText(/^1 patients?$/).waitFor();
    await search.fill("MRN1001");
    await page.getByRole("link", { name: /Jordan Rivera/ }).waitFor();
    await page.getByText(/^1 patients?$/).waitFor();
    await search.fill("no-such-patient-zz");
    await page.getByText(/^0 patients$/).waitFor();
    await page.context().close();
  });

  it("adds a patient: shows the schema's messages, then saves; then edits it", async () => {
    const page = await (await newContext(browser, inject("baseUrl"))).newPage();
    await signIn(page, "clinician");
    await openPatients(page);
    await page
      .getByRole("link", { name: "Add patient" })
      .or(page.getByRole("button", { name: "Add patient" }))
      .first()
      .click();
    await page.getByRole("button", { name: "Save patient" }).click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Birthdate is required",
      "Gender at birth is required",
    ]) {
      await page.getByText(message).first().waitFor();
    }
    await page.getByLabel("First name").fill("Casey");
    await page.getByLabel("Last name").fill("Playwright");
    await page.getByLabel("MRN").fill("E2E0001");
    await page.getByLabel("Birthdate").fill("2011-05-06");
    await page.getByLabel("Gender at birth").selectOption({ label: "Female" });
    await page.getByLabel("Mobile number").fill("555123");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByRole("button", { name: "Save patient" }).click();
    await page.getByText("That mobile number is too short. It must be 10 digits.").waitFor();
    await page.getByText("Invalid email").waitFor();
    await page.getByLabel("Mobile number").fill("5551234567");
    await page.getByLabel("Email", { exact: true }).fill("casey@example.org");
    await page.getByLabel("Clinicians").click();
    await page
      .getByRole("option", { name: /Taylor Brooks/ })
      .first()
      .click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Save patient" }).click();
    await page.getByRole("heading", { level: 1, name: /Casey Playwright/ }).waitFor();
    // The saved patient opens on their chart's Information tab, with the details just saved.
    expect(page.url()).toMatch(/\/assignment\/\d+\/\d+\/information$/);
    await expect(page.getByText("(555) 123-4567").isVisible()).resolves.toBe(true);

    await page
      .getByRole("link", { name: "Edit patient" })
      .or(page.getByRole("button", { name: "Edit patient" }))
      .first()
      .click();
    await page.getByLabel("Middle name").fill("Quinn");
    await page.getByRole("button", { name: "Save patient" }).click();
    await page.getByRole("heading", { level: 1, name: /Casey Quinn Playwright|Casey Playwright/ }).waitFor();
    await page.getByText("Quinn").first().waitFor();
    await page.context().close();
  });

  it("refuses an MRN that is already in use and offers the existing patient", async () => {
    const page = await (await newContext(browser, inject("baseUrl"))).newPage();
    await signIn(page, "clinician");
    await page.goto("/clinician/patients/add");
    await page.getByLabel("MRN").fill("MRN1001");
    await page.getByLabel("MRN").press("Tab");
    await page.getByText("MRN already in use").waitFor();
    await page.getByRole("link", { name: "View existing patient" }).click();
    await page.getByRole("heading", { level: 1, name: /Jordan Rivera/ }).waitFor();
    await page.context().close();
  });

  it("works at phone size", async () => {
    const page = await (await newContext(browser, inject("baseUrl"), PHONE)).newPage();
    await signIn(page, "staff");
    await page.goto("/clinician/patients");
    await page.getByRole("heading", { name: "Patients" }).waitFor();
    await page.getByLabel("Search patients").fill("Jordan");
    await page.getByRole("link", { name: /Jordan Rivera/ }).click();
    await page.getByRole("heading", { level: 1, name: /Jordan Rivera/ }).waitFor();
    await page.context().close();
  });
});
