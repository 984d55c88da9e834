import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { DESKTOP, launchChromium, newContext } from "./chromium.ts";
import { signIn } from "./session.ts";

const NOTE = "Called the patient: safe at home, safety plan reviewed, seen again tomorrow";
const SUICIDE_RISK = /Suicide risk: PHQ-9 item 9/;

/**
 * The PHQ-9 score chart in `scope` is drawn on the instrument's whole range, 0–27, with its five
 * severity bands as shaded areas and its cut-off (10) as a line: read from Plotly's own layout.
 */
async function expectPhq9Chart(scope: Page | Locator) {
  const figure = scope.getByRole("figure", { name: "PHQ-9 total score" });
  const plot = figure.locator(".js-plotly-plot");
  await plot.locator(".main-svg").first().waitFor();
  const drawn = await plot.evaluate((el) => {
    const layout = (
      el as unknown as {
        layout: { yaxis: { range: number[] }; shapes: { type: string; y0: number; y1: number; name: string }[] };
      }
    ).layout;
    return {
      range: layout.yaxis.range,
      cutoffs: layout.shapes.filter((s) => s.type === "line").map((s) => s.y0),
      bands: layout.shapes.filter((s) => s.type === "rect").map((s) => s.name),
    };
  });
  expect(drawn).toEqual({
    range: [0, 27],
    cutoffs: [10],
    bands: ["None/minimal", "Mild", "Moderate", "Moderately severe", "Severe"],
  });
  await figure.getByText(/on a scale of 0 to 27/).waitFor({ state: "attached" });
}

/**
 * Issue 9 §7: the story of a clinician's review, on the demo clinic. The seeded active suicide-risk
 * alert on one of Taylor Brooks's patients is reached from the navigation's alert badge, is marked
 * Overdue (seeded days ago, past the default 24 hours), is acknowledged with what was done, and
 * then shows muted with who, when and what on the patient's chart and session report.
 */
describe("clinical review: from the alert badge to an acknowledged alert on the chart", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("a clinician acknowledges the active suicide-risk alert with a disposition and sees it on the chart", {
    timeout: 180_000,
  }, async () => {
    const page = await (await newContext(browser, inject("baseUrl"), DESKTOP)).newPage();
    await signIn(page, "clinician");

    // The badge beside "Alerts" counts active alerts and leads to the list, opened on Active.
    const badgeLink = page.getByRole("link", { name: /^Alerts\s*\d+\s*active$/ });
    await badgeLink.waitFor();
    await badgeLink.click();
    await page.waitForURL("**/clinician/alert-list");
    // The pointer leaves the navigation, as it would to read the list (a hovered link is another state).
    await page.mouse.move(900, 600);
    await page.getByRole("heading", { level: 1, name: "Alerts" }).waitFor();
    expect(await page.getByLabel("Status").inputValue()).toBe("active");
    expect(await page.getByLabel("Order").inputValue()).toBe("overdue");

    const alert = page.locator('[data-alert-state="active"]').filter({ hasText: SUICIDE_RISK }).first();
    await alert.waitFor();
    // Seeded days ago: past the clinic's 24 hours, so Overdue, with how long it has waited.
    await alert.getByText("Overdue", { exact: true }).waitFor();
    await alert.getByText(/Overdue: not acknowledged \d+ (hours|days) after it was raised/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const patientLink = alert.getByRole("link").first();
    const patientName = (await patientLink.textContent()) ?? "";
    const patientPath = (await patientLink.getAttribute("href")) ?? "";
    expect(patientPath).toMatch(/^\/clinician\/patients\/patient\/\d+$/);

    // Acknowledging asks what was done, with a note.
    await alert.getByRole("button", { name: /Acknowledge alert/ }).click();
    const dialog = page.getByRole("dialog", { name: "Acknowledge alert" });
    await dialog.getByRole("radio", { name: "Patient contacted" }).check();
    await dialog.getByLabel("Note").fill(NOTE);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole("button", { name: "Acknowledge alert" }).click();
    await page.getByText("Alert acknowledged").first().waitFor();

    // On the patient's chart it is muted, with who acknowledged it, when, and what was done.
    await page.goto(patientPath);
    await page.getByRole("heading", { level: 1, name: patientName }).waitFor();
    const recent = page.getByRole("region", { name: "Recently acknowledged alerts" });
    const muted = recent.locator('[data-alert-state="acknowledged"]').filter({ hasText: NOTE });
    await muted.getByText(/^Acknowledged by Taylor Brooks on .+ — Patient contacted$/).waitFor();
    await muted.getByText(`Note: ${NOTE}`).waitFor();
    expect(await muted.getByText("Overdue", { exact: true }).count()).toBe(0);
    await expectPhq9Chart(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Its session report says the same, and draws the same chart by the same rules.
    await muted.getByRole("link", { name: "PHQ-9 session report" }).click();
    await page.getByRole("heading", { level: 1, name: "PHQ-9 session report" }).waitFor();
    const onReport = page.locator('[data-alert-state="acknowledged"]').filter({ hasText: NOTE });
    await onReport.getByText(/^Acknowledged by Taylor Brooks on .+ — Patient contacted$/).waitFor();
    await expectPhq9Chart(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
