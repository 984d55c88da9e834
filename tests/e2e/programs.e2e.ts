import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { answerAllDue, clinicToday, dayText } from "./answer-due.ts";
import { seriousViolations } from "./axe.ts";
import { DESKTOP, launchChromium, newContext } from "./chromium.ts";
import { signIn } from "./session.ts";

/**
 * Issue 11 §6, an episode of care from end to end: an admin makes a program that gives the PHQ-9
 * every two weeks from admission and once at discharge; the clinician admits Jordan today and
 * finds the PHQ-9 scheduled from that day; the discharge is pending until Jordan answers the
 * discharge PHQ-9, and then final.
 */

/** What a respondent reads for the PHQ-9: its respondent title, never the clinical name. */
const PHQ9_TITLE = "Questionnaire about how you've been feeling";
/** The demo clinician, who works the new program. */
const CLINICIAN_NAME = "Taylor Brooks";

const today = clinicToday;

// Unique per run: the demo server is shared by every e2e file, and a rerun must not meet its own program.
const run = Date.now().toString(36).slice(-5).toUpperCase();
const programName = `Evening Recovery Program ${run}`;

async function openJordansChart(page: Page): Promise<void> {
  await page.goto("/clinician/patients?search=MRN1001");
  await page.getByRole("link", { name: "Jordan Rivera" }).click();
  await page.getByRole("heading", { level: 1, name: "Jordan Rivera" }).waitFor();
}

/** The admin's part: the program with its clinician, then its two PHQ-9 measures. */
async function createProgram(page: Page): Promise<void> {
  await page.goto("/settings/programs");
  await page.getByRole("heading", { level: 1, name: "Programs" }).waitFor();
  await page.getByRole("link", { name: "Add program" }).click();
  await page.getByRole("heading", { level: 1, name: "Add program" }).waitFor();
  await page.getByLabel("Program name").fill(programName);
  await page.getByLabel("Description").fill("Four evenings a week, for adults stepping down from day treatment.");
  await page.getByLabel("Length", { exact: true }).fill("6");
  await page.getByLabel("Length in").selectOption({ label: "Weeks" });
  await page.getByLabel("Clinicians", { exact: true }).click();
  await page.getByRole("option", { name: CLINICIAN_NAME }).first().click();
  await page.keyboard.press("Escape");
  // The filled form, its multi-select of clinicians included, passes axe.
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Save program" }).click();

  // A new program goes on to its own page, to add the measures it assigns.
  await page.getByRole("heading", { level: 1, name: "Edit program" }).waitFor();
  await expect.poll(() => page.getByLabel("Program name").inputValue()).toBe(programName);
  await page.getByText("This program assigns no measures yet.").waitFor();
  await addPhq9(page, "Every 2 Weeks", "From admission");
  await addPhq9(page, "One Time", "At discharge");
  const measures = page.getByRole("region", { name: "Measures" }).getByRole("listitem");
  await expect.poll(() => measures.count()).toBe(2);
}

async function addPhq9(page: Page, frequency: string, timing: string): Promise<void> {
  await page.getByRole("link", { name: "Add measure" }).click();
  await page.getByRole("heading", { level: 1, name: "Add measure" }).waitFor();
  const measure = page.getByLabel("Measure", { exact: true });
  const phq9 = measure.locator("option", { hasText: /^PHQ-9 — / });
  await phq9.waitFor({ state: "attached" });
  await measure.selectOption({ label: (await phq9.textContent()) ?? "" });
  await page.getByLabel("Frequency").selectOption({ label: frequency });
  await page.getByLabel("Respondent").selectOption({ label: "Patient" });
  await page.getByLabel("When").selectOption({ label: timing });
  await page.getByRole("button", { name: "Add measure" }).click();
  await page.getByRole("heading", { level: 1, name: "Edit program" }).waitFor();
}

/** Jordan's admission to this run's program, on the chart's Programs tab. */
function admissionCard(page: Page): Locator {
  return page.getByRole("tabpanel").getByRole("region", { name: programName });
}

async function openProgramsTab(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "Programs" }).click();
  await page.getByRole("tabpanel").getByRole("heading", { name: "Programs" }).waitFor();
}

async function admitJordanToday(page: Page): Promise<void> {
  await openProgramsTab(page);
  await page.getByRole("button", { name: "Add to program" }).click();
  const dialog = page.getByRole("dialog", { name: "Add to program" });
  await dialog.getByRole("combobox", { name: "Program" }).click();
  await dialog.getByRole("option", { name: programName }).click();
  // Today on the clinic's calendar is the admission date it offers.
  await expect(dialog.getByLabel("Admission date").inputValue()).resolves.toBe(dayText(today()));
  await dialog.getByRole("button", { name: "Add to program" }).click();
  // The toast says what the admission scheduled: the program's admission PHQ-9, for Jordan himself.
  await page.getByText(`Jordan Rivera was admitted to ${programName}. Scheduled: PHQ-9 for Jordan Rivera.`).waitFor();
  const card = admissionCard(page);
  await card.getByText("In program").waitFor();
  await card.getByText(`Admitted ${dayText(today())}`).waitFor();
}

/** Jordan's PHQ-9 schedules every two weeks, on the chart's Measures list tab. */
async function biweeklyPhq9s(page: Page): Promise<Locator> {
  await page.getByRole("tab", { name: "Measures list" }).click();
  const list = page.getByRole("table", { name: "Measures list of Jordan Rivera" });
  await list.waitFor();
  return list.getByRole("row").filter({ hasText: "PHQ-9" }).filter({ hasText: "Every 2 Weeks" });
}

async function dischargeToday(page: Page): Promise<void> {
  await openProgramsTab(page);
  const card = admissionCard(page);
  await card.getByRole("button", { name: "Discharge" }).click();
  const dialog = page.getByRole("dialog", { name: "Discharge from program" });
  await dialog.getByRole("combobox", { name: "Disposition" }).click();
  await dialog.getByRole("option", { name: "Transferred" }).click();
  await expect(dialog.getByLabel("Discharge date").inputValue()).resolves.toBe(dayText(today()));
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole("button", { name: "Discharge" }).click();
  await page
    .getByText(`Jordan Rivera's discharge from ${programName} is pending. Scheduled: PHQ-9 for Jordan Rivera.`)
    .waitFor();
}

describe("programs: an episode of care from admission to final discharge (issue 11 §6)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("admin makes a program with a biweekly and a discharge PHQ-9; admission schedules it; discharge is pending until it is answered, then final", {
    timeout: 240_000,
  }, async () => {
    const baseUrl = inject("baseUrl");
    const admin = await (await newContext(browser, baseUrl, DESKTOP)).newPage();
    await signIn(admin, "admin");
    await createProgram(admin);
    await admin.context().close();

    const clinician = await (await newContext(browser, baseUrl, DESKTOP)).newPage();
    await signIn(clinician, "clinician");
    await openJordansChart(clinician);
    await admitJordanToday(clinician);
    // The program's PHQ-9 every two weeks, anchored on the admission day: first due today.
    const biweekly = await biweeklyPhq9s(clinician);
    await biweekly
      .getByText(`Next due ${dayText(today())}`)
      .first()
      .waitFor();
    const schedulesInCare = await biweekly.count();
    await dischargeToday(clinician);

    // Pending: what it waits for is said on the admission, and no Discharge is offered again.
    const card = admissionCard(clinician);
    await card.getByText("Discharge pending").waitFor();
    await card.getByText(`Discharged ${dayText(today())} · Transferred`).waitFor();
    await card.getByText(/Waiting for 1 discharge measure to be answered\./).waitFor();
    expect(await card.getByRole("button", { name: "Discharge" }).count()).toBe(0);

    // Jordan answers the PHQ-9s due today: the discharge one, and the admission one of the same day.
    const jordan = await (await newContext(browser, baseUrl, DESKTOP)).newPage();
    await signIn(jordan, "jordan");
    // "Not at all" to each question (the last, how difficult, its mildest): score 0, no alert.
    expect(
      await answerAllDue(jordan, { title: PHQ9_TITLE, day: today(), choice: "Not at all" }),
    ).toBeGreaterThanOrEqual(2);
    await jordan.context().close();

    // Final: the chart says discharged, with nothing left to wait for.
    await clinician.reload();
    await openProgramsTab(clinician);
    await card.getByText("Discharged", { exact: true }).waitFor();
    await card.getByText(`Discharged ${dayText(today())} · Transferred`).waitFor();
    expect(await card.getByText(/Waiting for/).count()).toBe(0);
    // The final discharge stopped the episode's schedules: its PHQ-9 every two weeks is gone from the list.
    const after = await biweeklyPhq9s(clinician);
    await expect.poll(() => after.count()).toBe(schedulesInCare - 1);
    await clinician.context().close();
  });
});
