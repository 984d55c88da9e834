import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium, newContext } from "./chromium.ts";
import { signIn } from "./session.ts";

/**
 * Issue 14 §4: a clinician downloads a demo patient's session report and progress report as PDFs
 * from the screens; the server printed them with Chromium. Read back with poppler (pdftotext,
 * pdfinfo, pdftoppm): the patient's name, MRN, instrument, total and band are in the text, every
 * page has the header and footer, the page count is sane and page 1 is not blank.
 */

interface Facts {
  name: string;
  mrn: string;
  total: number;
  band: string;
}

const dir = mkdtempSync(path.join(tmpdir(), "mbc-pdf-e2e-"));
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  if (!process.env.KEEP_PDFS) rmSync(dir, { recursive: true, force: true });
  else console.log(`PDFs kept in ${dir}`);
});

/** What the API says of the session: the facts the PDF must carry. */
async function sessionFacts(page: Page, clientMeasureId: string): Promise<Facts> {
  return page.evaluate(async (id) => {
    const headers = { authorization: `Bearer ${localStorage.getItem("mbc.accessToken")}` };
    const report = await (await fetch(`/api/measure-session/${id}/session-report`, { headers })).json();
    const patient = await (await fetch(`/api/patients/${report.patient.id}`, { headers })).json();
    return {
      name: report.patient.full_name,
      mrn: patient.mrn,
      total: report.score.total,
      band: report.score.severity.label,
    };
  }, clientMeasureId);
}

/** Clicks a PDF button and saves the file the screen downloads once the PDF is ready. */
async function downloadPdf(page: Page, click: () => Promise<void>, name: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 90_000 }), click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = path.join(dir, name);
  await download.saveAs(file);
  return file;
}

const text = (file: string) => execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
const pages = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);

/** The share of page 1's pixels that are not white, from a small grey rendering (P5 PGM). */
function inkOnFirstPage(file: string): number {
  execFileSync("pdftoppm", ["-gray", "-r", "30", "-f", "1", "-l", "1", file, path.join(dir, "page")]);
  const pgm = readFileSync(
    path.join(dir, readdirSync(dir).find((f) => f.startsWith("page") && f.endsWith(".pgm")) ?? ""),
  );
  rmSync(path.join(dir, readdirSync(dir).find((f) => f.endsWith(".pgm")) ?? ""));
  // Header: "P5", width, height, maxval, each followed by whitespace; then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString("latin1"));
  if (!header) throw new Error("pdftoppm did not write a PGM");
  const pixels = pgm.subarray(header[0].length);
  let ink = 0;
  for (const p of pixels) if (p < 200) ink++;
  return ink / pixels.length;
}

function expectOnEveryPage(content: string, count: number) {
  expect(content.match(/Confidential: contains protected health information/g)?.length).toBe(count);
  for (let n = 1; n <= count; n++) expect(content).toContain(`Page ${n} of ${count}`);
}

describe("PDF documents", () => {
  it("a clinician downloads a session report PDF and a whole-chart progress report PDF", {
    timeout: 240_000,
  }, async () => {
    const context = await newContext(browser, inject("baseUrl"), DESKTOP);
    const page = await context.newPage();
    await signIn(page, "clinician");
    await page.goto("/clinician/alert-list");
    const href = await page.locator('main a[href^="/assignment/"]').first().getAttribute("href");
    const reportPath = (href ?? "").replace(/\?.*$/, "");
    const clientMeasureId = /\/measures\/(\d+)$/.exec(reportPath)?.[1] ?? "";
    expect(clientMeasureId).not.toBe("");
    await page.goto(reportPath);
    const facts = await sessionFacts(page, clientMeasureId);

    // The session report: what the screen showed, on paper.
    const sessionFile = await downloadPdf(
      page,
      () => page.getByRole("button", { name: "Download PDF" }).click(),
      "session.pdf",
    );
    const session = text(sessionFile);
    for (const expected of [facts.name, facts.mrn, "PHQ-9", String(facts.total), facts.band])
      expect(session).toContain(expected);
    const sessionInfo = execFileSync("pdfinfo", [sessionFile], { encoding: "utf8" });
    expect(sessionInfo).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    // The file says what it is (its Title), and not whom it is about.
    expect(sessionInfo).toMatch(/Title:\s+Session report\n/);
    const sessionPages = pages(sessionFile);
    expect(sessionPages).toBeGreaterThanOrEqual(1);
    expect(sessionPages).toBeLessThanOrEqual(8);
    expectOnEveryPage(session, sessionPages);
    expect(inkOnFirstPage(sessionFile)).toBeGreaterThan(0.01);
    await page.getByText(/Download again/).waitFor();

    // The whole chart's progress report, from the chart's Measures tab.
    // On A4 this time: the choice is remembered and the PDF is laid out for it.
    await page.goto(reportPath.replace(/\/measures\/\d+$/, "/measures"));
    await page.getByLabel("Paper size").first().selectOption({ label: "A4" });
    await page.getByRole("button", { name: "Progress report PDF" }).first().click();
    const progressFile = await downloadPdf(
      page,
      () => page.getByRole("menuitem", { name: "Whole chart" }).click(),
      "progress.pdf",
    );
    const progress = text(progressFile);
    for (const expected of [facts.name, facts.mrn, "PHQ-9"]) expect(progress).toContain(expected);
    expect(execFileSync("pdfinfo", [progressFile], { encoding: "utf8" })).toMatch(
      /Page size:\s+[\d.]+ x [\d.]+ pts \(A4\)/,
    );
    const progressPages = pages(progressFile);
    expect(progressPages).toBeGreaterThanOrEqual(1);
    expect(progressPages).toBeLessThanOrEqual(30);
    expectOnEveryPage(progress, progressPages);
    expect(inkOnFirstPage(progressFile)).toBeGreaterThan(0.01);
    await context.close();
  });
});
