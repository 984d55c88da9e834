import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { launchChromium, newContext, PHONE } from "./chromium.ts";
import { deliveredMessages } from "./delivered-messages.ts";
import { signIn } from "./session.ts";

const NO_CONTACT_WARNING =
  /Notifications are off or contact information is missing: invitations and reminders will not be sent\./;

/** A suffix that keeps this run's people apart from earlier runs' on a reused server. */
const RUN = Date.now().toString(36).slice(-5);

async function openJordan(page: Page) {
  await page.getByRole("link", { name: "Patients" }).first().click();
  await page.getByLabel("Search patients").fill("MRN1001");
  await page.getByRole("link", { name: /Jordan Rivera/ }).click();
  await page.getByRole("heading", { level: 1, name: "Jordan Rivera" }).waitFor();
  // The respondents are on the chart's Information tab.
  await page.getByRole("tab", { name: "Information" }).click();
  await page.getByRole("heading", { name: "Respondents" }).waitFor();
}

function teamMember(page: Page, name: string): Locator {
  return page.getByRole("list", { name: "Respondents" }).getByRole("listitem", { name });
}

async function startAdding(page: Page) {
  await page.getByRole("link", { name: "Add respondent" }).click();
  await page.getByRole("heading", { name: "Add respondent" }).waitFor();
}

describe("respondents on a patient's chart", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("a clinician adds a parent, sees them on the team as Mother, edits them, and sees the no-contact warning", async () => {
    const page = await (await newContext(browser, inject("baseUrl"))).newPage();
    await signIn(page, "clinician");
    await openJordan(page);
    // The patient's own account is listed first.
    await expect(
      page.getByRole("list", { name: "Respondents" }).getByRole("listitem").first().getAttribute("aria-label"),
    ).resolves.toBe("Jordan Rivera");

    await startAdding(page);
    await page.getByRole("button", { name: "Save respondent" }).click();
    for (const message of [
      "Respondent type is required",
      "Relation to patient is required",
      "First name is required",
      "Last name is required",
    ]) {
      await page.getByText(message).first().waitFor();
    }
    await page.getByLabel("Respondent type").selectOption({ label: "Caregiver" });
    await page.getByLabel("Relation to patient").selectOption({ label: "Mother" });
    await page.getByLabel("First name").fill("Avery");
    await page.getByLabel("Last name").fill(`Parent${RUN}`);
    await page.getByLabel("Email", { exact: true }).fill(`avery.${RUN}@example.org`);
    await page.getByRole("button", { name: "Save respondent" }).click();
    await page.getByRole("heading", { level: 1, name: "Jordan Rivera" }).waitFor();

    const avery = teamMember(page, `Avery Parent${RUN}`);
    await avery.waitFor();
    await avery.getByText("Mother", { exact: true }).waitFor();
    await avery.getByText("Caregiver").waitFor();
    await avery.getByText(`avery.${RUN}@example.org`).waitFor();
    await avery.getByText("Not Invited").waitFor();
    await expect(avery.getByText(NO_CONTACT_WARNING).count()).resolves.toBe(0);

    // Edit: another first name and a mobile number, shown masked.
    await avery.getByRole("link", { name: /^Edit/ }).click();
    await page.getByRole("heading", { name: "Edit respondent" }).waitFor();
    await expect(page.getByLabel("First name").inputValue()).resolves.toBe("Avery");
    await page.getByLabel("First name").fill("Avery-Jo");
    await page.getByLabel("Mobile number").fill("3125550188");
    await page.getByRole("button", { name: "Save respondent" }).click();
    await page.getByRole("heading", { level: 1, name: "Jordan Rivera" }).waitFor();
    const edited = teamMember(page, `Avery-Jo Parent${RUN}`);
    await edited.getByText("(312) 555-0188", { exact: false }).waitFor();
    await edited.getByText("Mother", { exact: true }).waitFor();

    // A respondent with no contact at all: the §6 warning says nothing will reach them.
    await startAdding(page);
    await page.getByLabel("Respondent type").selectOption({ label: "Teacher" });
    await page.getByLabel("Relation to patient").selectOption({ label: "Teacher" });
    await page.getByLabel("First name").fill("Quinn");
    await page.getByLabel("Last name").fill(`Nocontact${RUN}`);
    await page.getByRole("button", { name: "Save respondent" }).click();
    await page.getByRole("heading", { level: 1, name: "Jordan Rivera" }).waitFor();
    await teamMember(page, `Quinn Nocontact${RUN}`).getByText(NO_CONTACT_WARNING).waitFor();
    await page.context().close();
  });

  it("offers to edit, not duplicate, a person already on the team", async () => {
    const page = await (await newContext(browser, inject("baseUrl"))).newPage();
    await signIn(page, "clinician");
    await openJordan(page);
    await startAdding(page);
    await page.getByLabel("Respondent type").selectOption({ label: "Caregiver" });
    await page.getByLabel("Relation to patient").selectOption({ label: "Mother" });
    await page.getByLabel("First name").fill("Morgan");
    await page.getByLabel("Last name").fill("Rivera");
    await page.getByLabel("Email", { exact: true }).fill("morgan.rivera@example.com");
    await page.getByRole("button", { name: "Save respondent" }).click();
    await page.getByText("Morgan Rivera is already on Jordan Rivera's team").waitFor();
    await page.getByRole("link", { name: "Edit respondent" }).click();
    await page.getByRole("heading", { name: "Edit respondent" }).waitFor();
    await expect(page.getByLabel("Email", { exact: true }).inputValue()).resolves.toBe("morgan.rivera@example.com");
    await page.context().close();
  });

  it("a person known only on another clinician's chart is invited, accepts, and only then joins the team", async () => {
    // Clinician adds a new parent to Jordan Rivera's chart.
    const email = `sky.${RUN}@example.org`;
    const clinician = await (await newContext(browser, inject("baseUrl"))).newPage();
    await signIn(clinician, "clinician");
    await openJordan(clinician);
    await startAdding(clinician);
    await clinician.getByLabel("Respondent type").selectOption({ label: "Caregiver" });
    await clinician.getByLabel("Relation to patient").selectOption({ label: "Father" });
    await clinician.getByLabel("First name").fill("Sky");
    await clinician.getByLabel("Last name").fill(`Shared${RUN}`);
    await clinician.getByLabel("Email", { exact: true }).fill(email);
    await clinician.getByRole("button", { name: "Save respondent" }).click();
    await teamMember(clinician, `Sky Shared${RUN}`).waitFor();
    await clinician.context().close();

    // Clinician2, who cannot see Jordan's chart, types the same email on a patient of their own.
    const page = await (await newContext(browser, inject("baseUrl"))).newPage();
    await signIn(page, "clinician2");
    await page.goto("/clinician/patients");
    const first = page.locator("table tbody a").first();
    await first.waitFor();
    await first.click();
    await page.getByRole("tab", { name: "Information" }).click();
    await page.getByRole("heading", { name: "Respondents" }).waitFor();
    const patientName = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await startAdding(page);
    await page.getByLabel("Respondent type").selectOption({ label: "Caregiver" });
    await page.getByLabel("Relation to patient").selectOption({ label: "Father" });
    await page.getByLabel("First name").fill("Someone");
    await page.getByLabel("Last name").fill("Else");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Save respondent" }).click();
    const notice = page.getByRole("alert").filter({ hasText: "Send an invitation?" });
    await notice.waitFor();
    expect(await notice.textContent()).not.toContain(`Shared${RUN}`);
    expect(await seriousViolations(page)).toEqual([]);
    await notice.getByRole("button", { name: "Send invitation" }).click();
    await page
      .getByText("An invitation to join this chart was sent to the email address you entered.")
      .first()
      .waitFor();
    expect(await page.content()).not.toContain(`Shared${RUN}`);
    expect(await seriousViolations(page)).toEqual([]);

    // The person gets the link (read as the mail server would) and accepts, at phone size.
    const message = (await deliveredMessages(inject("messageReaderUrl"))).find(
      (m) => m.recipient === email && m.purpose === "chart_invitation",
    );
    const link = new URL(message?.link as string);
    const person = await (await newContext(browser, inject("baseUrl"), PHONE)).newPage();
    await person.goto(`${link.pathname}${link.search}`);
    await person.getByRole("heading", { name: "Join a care team" }).waitFor();
    expect(await seriousViolations(person)).toEqual([]);
    await person.getByRole("button", { name: "Accept invitation" }).click();
    await person.getByText("You are now on the care team.").waitFor();
    await person.context().close();

    // Now they are on clinician2's team, as themself.
    await page.getByRole("link", { name: `Back to ${patientName}` }).click();
    await teamMember(page, `Sky Shared${RUN}`).waitFor();
    await page.context().close();
  });

  it("shows the team and the add form at phone size", async () => {
    const page = await (await newContext(browser, inject("baseUrl"), PHONE)).newPage();
    await signIn(page, "clinician");
    await page.getByRole("button", { name: "Open navigation" }).click();
    await openJordan(page);
    await teamMember(page, "Morgan Rivera").getByText("Mother", { exact: true }).waitFor();
    await startAdding(page);
    const save = page.getByRole("button", { name: "Save respondent" });
    await save.scrollIntoViewIfNeeded();
    await expect(save.isVisible()).resolves.toBe(true);
    // Nothing wider than the phone: no sideways scrolling.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });
});
