// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { useEffect } from "react";
import { Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { sessionStore } from "../../../../src/client/auth/session-store.ts";
import { ProgressReportPrintPage } from "../../../../src/client/pages/print/ProgressReportPrintPage.tsx";
import { SessionReportPrintPage } from "../../../../src/client/pages/print/SessionReportPrintPage.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { reportWithAlert } from "../measures/fixtures.ts";
import { jordan, jordanOverview, motherOverview, PRINT_PAGE_CALLS, team } from "./print-fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

/**
 * Plotly needs a real browser. The probe says how it was configured and reports "drawn" only when
 * the test says so, as Plotly's onInitialized would once the drawing is done.
 */
const drawCharts = { now: false, pending: [] as (() => void)[] };
vi.mock("../../../../src/client/renderers/PlotlyChart.tsx", () => ({
  default: ({ printed, onDrawn }: { printed?: boolean; onDrawn?: () => void }) => {
    useEffect(() => {
      if (!onDrawn) return;
      if (drawCharts.now) onDrawn();
      else drawCharts.pending.push(onDrawn);
    }, [onDrawn]);
    return <output data-testid="plot">{printed ? "static" : "interactive"}</output>;
  },
}));

let settings: Record<string, unknown>;
let chartChoice: { measure_uuids: string[]; measures: { uuid: string; abbreviation: string; name: string }[] };

beforeEach(() => {
  apiMock.mockReset();
  drawCharts.now = true;
  drawCharts.pending = [];
  settings = {};
  chartChoice = { measure_uuids: [], measures: [] };
  apiMock.mockImplementation(async (path) => {
    if (path === "library/chart-settings") return chartChoice as never;
    if (path === "measure-session/41/session-report") return reportWithAlert() as never;
    if (path === "overview/measures/5") return jordanOverview() as never;
    if (path === "overview/measures/6") return motherOverview() as never;
    if (path === "teams/3") return team as never;
    if (path === "patients/7") return jordan as never;
    if (path === "settings/general") return settings as never;
    if (path === "patients/7/programs")
      return {
        totalRecords: 1,
        rows: [
          {
            accessControlProgramId: 11,
            assignmentId: 21,
            ccaId: 3,
            patientId: 7,
            program: { id: 2, name: "Intensive outpatient" },
            admission_date: "2026-11-01",
            discharge_date: null,
            disposition: null,
            disposition_label: null,
            discharge_status: null,
            status: "admitted",
            status_label: "In program",
            answered: true,
            waiting: null,
          },
        ],
      } as never;
    throw new ApiError(404, "No route", "not_found");
  });
  sessionStore.set({
    status: "signedIn",
    user: {
      id: 90,
      username: "pdf",
      firstName: "PDF",
      lastName: "Renderer",
      roles: ["pdf"],
      permissions: ["patients.viewAll"],
      status: 2,
      user_type: "clinical",
    },
  });
});

afterEach(() => {
  sessionStore.set({ status: "anonymous" });
  delete document.documentElement.dataset.pdfReady;
  delete document.documentElement.dataset.pdfError;
});

function renderPrint(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/assignment/:ccaId/:ccauId/measures/:clientMeasureId/pdf" element={<SessionReportPrintPage />} />
      <Route path="/assignment/:ccaId/:ccauId/pdf" element={<ProgressReportPrintPage />} />
    </Routes>,
    { route },
  );
}

const ready = () => document.documentElement.dataset.pdfReady;

function calledPaths(): string[] {
  return apiMock.mock.calls.map(([path]) => path);
}

describe("the session report's print page", () => {
  it("shows patient, MRN, birth date, instrument, total and band, and signals ready once the chart is drawn", async () => {
    drawCharts.now = false;
    renderPrint("/assignment/3/5/measures/41/pdf");
    await screen.findByRole("heading", { level: 1, name: "PHQ-9 session report" });
    const page = screen.getByRole("main", { name: "Session report" });
    expect(page.textContent).toContain("Jordan Rivera");
    expect(page.textContent).toContain("MRN1001");
    expect(page.textContent).toContain("Apr 12, 2010");
    expect(page.textContent).toContain("Patient Health Questionnaire-9 (PHQ-9) · Definition version 1.0.0");
    expect(page.textContent).toMatch(/Licence: Public domain\./);
    expect(screen.getByLabelText("Total score 12")).toBeTruthy();
    expect(screen.getByText(/Severity:/).textContent).toBe("Severity: Moderate (10–14)");
    expect(screen.getByText(/In the clinical range/)).toBeTruthy();
    expect(screen.getByText("Since the previous session: 13 → 12 (−1, improved)")).toBeTruthy();
    // Alerts and answers in full; nothing to click on paper.
    expect(screen.getByRole("alert").textContent).toContain("Critical alert");
    expect(within(screen.getByRole("table", { name: "Answers" })).getAllByRole("row")).toHaveLength(3);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
    // The progress chart, static, without the folded data table.
    expect((await screen.findByTestId("plot")).textContent).toBe("static");
    expect(screen.queryByText("Data table")).toBeNull();

    // Everything loaded but the chart not drawn yet: the renderer must keep waiting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ready()).toBeUndefined();
    for (const drawn of drawCharts.pending) drawn();
    await waitFor(() => expect(ready()).toBe("true"));
    expect(document.documentElement.dataset.pdfError).toBeUndefined();
    for (const path of calledPaths())
      expect(
        PRINT_PAGE_CALLS.some((allowed) => allowed.test(path)),
        path,
      ).toBe(true);
  });

  it("signals the error when the session is not there", async () => {
    renderPrint("/assignment/3/5/measures/99/pdf");
    expect(await screen.findByText("This session does not exist or you do not have access to it.")).toBeTruthy();
    await waitFor(() =>
      expect(document.documentElement.dataset.pdfError).toBe(
        "This session does not exist or you do not have access to it.",
      ),
    );
    expect(ready()).toBeUndefined();
  });

  it("refuses an address naming another chart than the session's", async () => {
    renderPrint("/assignment/3/6/measures/41/pdf");
    await waitFor(() => expect(document.documentElement.dataset.pdfError).toMatch(/does not exist/));
  });
});

describe("the progress report's print page", () => {
  it("charts one respondent's measures and lists their sessions", async () => {
    renderPrint("/assignment/3/5/pdf");
    await screen.findByRole("heading", { level: 1, name: "Progress report" });
    expect(screen.getByText("Answered by Jordan Rivera (Patient)")).toBeTruthy();
    expect(screen.getAllByTestId("plot")).toHaveLength(1);
    const rows = within(screen.getByRole("table", { name: "Sessions" })).getAllByRole("row");
    expect(rows.map((r) => [...r.querySelectorAll("th,td")].map((c) => c.textContent))).toEqual([
      ["Date", "Respondent", "Instrument", "Total", "Band"],
      ["Nov 7, 2026", "Jordan Rivera (Patient)", "PHQ-9", "13", "Moderate"],
      ["Nov 21, 2026", "Jordan Rivera (Patient)", "PHQ-9", "12", "Moderate"],
    ]);
    await waitFor(() => expect(ready()).toBe("true"));
    expect(calledPaths()).not.toContain("overview/measures/6");
    // Programs off (the default here): not asked for.
    expect(calledPaths()).not.toContain("patients/7/programs");
  });

  it("covers every respondent with ?respondents=all, and the current program when the clinic uses programs", async () => {
    settings = { programs_enabled: true };
    renderPrint("/assignment/3/5/pdf?respondents=all");
    await screen.findByRole("heading", { level: 1, name: "Progress report: whole chart" });
    expect(screen.getByRole("heading", { name: "Jordan Rivera (Patient)" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Maria Rivera (Mother)" })).toBeTruthy();
    expect(screen.getAllByTestId("plot")).toHaveLength(2);
    expect(screen.getByText(/Intensive outpatient: admitted Nov 1, 2026/)).toBeTruthy();
    const rows = within(screen.getByRole("table", { name: "Sessions" })).getAllByRole("row");
    expect(rows.slice(1).map((r) => r.querySelectorAll("td")[1].textContent)).toEqual([
      "Jordan Rivera (Patient)",
      "Maria Rivera (Mother)",
      "Jordan Rivera (Patient)",
    ]);
    await waitFor(() => expect(ready()).toBe("true"));
    for (const path of calledPaths())
      expect(
        PRINT_PAGE_CALLS.some((allowed) => allowed.test(path)),
        path,
      ).toBe(true);
  });

  it("draws only the charts the requester chose under Choose charts, and says so; the table keeps every session", async () => {
    chartChoice = {
      measure_uuids: ["22222222-2222-4222-8222-222222222222"],
      measures: [{ uuid: "22222222-2222-4222-8222-222222222222", abbreviation: "GAD-7", name: "GAD-7" }],
    };
    renderPrint("/assignment/3/5/pdf");
    await screen.findByRole("heading", { level: 1, name: "Progress report" });
    expect(
      screen.getByText("Charts: GAD-7 only (chosen under “Choose charts”). The table lists every session."),
    ).toBeTruthy();
    expect(screen.queryAllByTestId("plot")).toHaveLength(0);
    expect(
      screen.getByText("None of the charts chosen under “Choose charts” has scores from this respondent."),
    ).toBeTruthy();
    const rows = within(screen.getByRole("table", { name: "Sessions" })).getAllByRole("row");
    expect(rows).toHaveLength(3);
    await waitFor(() => expect(ready()).toBe("true"));
  });

  it("signals the error for a respondent who is not on the chart", async () => {
    renderPrint("/assignment/3/99/pdf");
    await waitFor(() =>
      expect(document.documentElement.dataset.pdfError).toBe(
        "This chart does not exist or you do not have access to it.",
      ),
    );
  });
});
