// @vitest-environment jsdom

import { Notifications, notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { sessionStore } from "../../../../src/client/auth/session-store.ts";
import { AlertListPage } from "../../../../src/client/pages/alerts/AlertListPage.tsx";
import { SessionReportPage } from "../../../../src/client/pages/chart-measures/SessionReportPage.tsx";
import type { SessionReport } from "../../../../src/shared/api/measure-reports.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { alertRow, ITEM_9_MESSAGE, reportWithAlert } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

let report: SessionReport;
let uiSettings: Record<string, unknown>;

beforeEach(() => {
  apiMock.mockReset();
  report = reportWithAlert();
  uiSettings = {};
  apiMock.mockImplementation(async (path, options) => {
    if (path === "measure-session/41/session-report") return report as never;
    if (path === "measure-alerts/acknowledge/88") {
      report = {
        ...report,
        alerts: report.alerts.map((a) => ({
          ...a,
          acknowledged_data: {
            clinicianId: 3,
            clinician: "Taylor Brooks",
            date: "2026-11-21T16:00:00Z",
            disposition: "patient_contacted",
            note: "Called; safe at home",
          },
        })),
      };
      return { ...alertRow(), acknowledgedNow: true } as never;
    }
    if (path === "measure-alerts") {
      const status = (options?.query as { status?: string })?.status;
      return {
        rows: status === "active" ? [alertRow()] : [],
        totalRecords: status === "active" ? 1 : 0,
        status,
        patientSelector: "my",
        views: ["my"],
      } as never;
    }
    if (path === "settings/ui-settings") {
      if (options?.method === "POST") uiSettings = { ...uiSettings, ...(options.body as object) };
      return uiSettings as never;
    }
    throw new ApiError(404, "No route", "not_found");
  });
  sessionStore.set({
    status: "signedIn",
    user: {
      id: 3,
      username: "clinician",
      firstName: "Taylor",
      lastName: "Brooks",
      roles: ["clinician"],
      permissions: ["measures.preview", "patients.viewAssigned", "patients.write"],
      status: 2,
      user_type: "clinical",
    },
  });
});
afterEach(() => {
  sessionStore.set({ status: "anonymous" });
  // Toasts live in a global store: one test's "Undo" must not show in the next.
  notifications.clean();
});

function renderReport(route = "/assignment/3/5/measures/41") {
  return renderWithProviders(
    <>
      <Notifications />
      <Routes>
        <Route path="/assignment/:ccaId/:ccauId/measures/:clientMeasureId" element={<SessionReportPage />} />
      </Routes>
    </>,
    { route },
  );
}

describe("the session report", () => {
  it("says a session that is not there was not found, with links back to the patient list and alerts", async () => {
    // An id that is no session number never reaches the server (the same page as a 404 answer).
    renderReport("/assignment/3/5/measures/not-a-number");
    expect(await screen.findByText("Session not found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the patient list" }).getAttribute("href")).toBe(
      "/clinician/patients",
    );
    expect(screen.getByRole("link", { name: "Go to alerts" }).getAttribute("href")).toBe("/clinician/alert-list");
  });

  it("shows the alert first, in red, with the item and the answer that raised it", async () => {
    renderReport();
    await screen.findByRole("heading", { level: 1, name: "PHQ-9 session report" });
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Critical alert");
    expect(alert.textContent).toContain(ITEM_9_MESSAGE);
    expect(alert.textContent).toContain(
      "Item 9: “Thoughts that you would be better off dead or of hurting yourself in some way” — answered Several days (score 1)",
    );
    expect(screen.getByRole("heading", { name: "Alerts (1 active)" })).toBeTruthy();
    // Before the score, in document order: nothing to scroll past or click open.
    const score = screen.getByRole("heading", { name: "Score" });
    expect(alert.compareDocumentPosition(score) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The answer row of the alert item is marked too.
    const answers = screen.getByRole("table", { name: "Answers" });
    expect(within(answers).getByText("Alert")).toBeTruthy();
  });

  it("shows score, severity, cut-off and change with the reliable change verdict", async () => {
    renderReport();
    expect(await screen.findByLabelText("Total score 12")).toBeTruthy();
    expect(screen.getByText(/Severity:/).textContent).toBe("Severity: Moderate (10–14)");
    expect(screen.getByText(/In the clinical range/).textContent).toContain("at or above 10");
    expect(screen.getByText("Since the first session: 19 → 12 (−7, improved)")).toBeTruthy();
    expect(screen.getByText("reliable improvement")).toBeTruthy();
    expect(screen.getByText("no reliable change")).toBeTruthy();
    // The threshold in words, never "RCI 6".
    expect(screen.getAllByText("A change of 6 points or more counts as reliable.")).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/RCI/);
  });

  it("acknowledging asks what was done, then keeps the alert on the page, muted, saying who did what", async () => {
    renderReport();
    await screen.findByRole("heading", { level: 1, name: "PHQ-9 session report" });
    fireEvent.click(screen.getByRole("button", { name: /Acknowledge alert/ }));
    const dialog = await screen.findByRole("dialog", { name: "Acknowledge alert" });
    // Confirming without a disposition records nothing and says what is missing.
    fireEvent.click(within(dialog).getByRole("button", { name: "Acknowledge alert" }));
    expect(await within(dialog).findByText("Choose what was done about the alert")).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText("Other"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Acknowledge alert" }));
    expect(await within(dialog).findByText("Describe what was done in the note")).toBeTruthy();
    expect(apiMock.mock.calls.some(([p]) => p === "measure-alerts/acknowledge/88")).toBe(false);

    fireEvent.click(within(dialog).getByLabelText("Patient contacted"));
    fireEvent.change(within(dialog).getByLabelText("Note"), { target: { value: "Called; safe at home" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Acknowledge alert" }));
    await waitFor(() =>
      expect(screen.getByText(/Acknowledged by Taylor Brooks on .* — Patient contacted/)).toBeTruthy(),
    );
    const call = apiMock.mock.calls.find(([p]) => p === "measure-alerts/acknowledge/88");
    expect(call?.[1]).toMatchObject({
      method: "POST",
      body: { disposition: "patient_contacted", note: "Called; safe at home" },
    });
    expect(screen.getByText("Note: Called; safe at home")).toBeTruthy();
    expect(screen.getByText(ITEM_9_MESSAGE)).toBeTruthy();
    // Muted: marked Acknowledged instead of Active; the toast offers an Undo.
    expect(document.querySelector('[data-alert-state="active"]')).toBeNull();
    expect(document.querySelector('[data-alert-state="acknowledged"]')?.textContent).toContain(ITEM_9_MESSAGE);
    fireEvent.click(await screen.findByRole("button", { name: "Undo" }));
    await waitFor(() =>
      expect(apiMock.mock.calls.some(([p, o]) => p === "measure-alerts/unacknowledge/88" && o?.method === "POST")).toBe(
        true,
      ),
    );
    expect(screen.getByText("Acknowledged")).toBeTruthy();
    expect(screen.queryByText("Active")).toBeNull();
    expect(screen.queryByRole("button", { name: /Acknowledge alert/ })).toBeNull();
  });

  it("a partial session has answers but no score", async () => {
    report = reportWithAlert({ status: "partial", score: null, comparison: null, completed_at: null });
    renderReport();
    expect(
      await screen.findByText("Not scored: the session has not been submitted. Partial answers never produce a score."),
    ).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain(ITEM_9_MESSAGE);
  });
});

describe("the alert list", () => {
  it("lists active alerts in full; the status filter lives in the address, never in saved settings", async () => {
    renderWithProviders(<AlertListPage />, { route: "/clinician/alert-list" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(ITEM_9_MESSAGE);
    expect(within(alert).getByRole("link", { name: "Jordan Rivera" }).getAttribute("href")).toBe(
      "/clinician/patients/patient/7",
    );
    expect(within(alert).getByRole("link", { name: "PHQ-9 session report" }).getAttribute("href")).toBe(
      "/assignment/3/5/measures/41",
    );
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "acknowledged" } });
    await screen.findByText("No records match your selections");
    expect(apiMock.mock.calls.some(([p, o]) => p === "settings/ui-settings" && o?.method === "POST")).toBe(false);
    const lists = apiMock.mock.calls
      .filter(([p]) => p === "measure-alerts")
      .map(([, o]) => (o?.query as { status?: string } | undefined)?.status);
    expect(lists).toEqual(["active", "acknowledged"]);
  });

  it("opens on Active even when an old saved setting said Acknowledged", async () => {
    uiSettings = { alertsStatusSelector: "acknowledged" };
    renderWithProviders(<AlertListPage />, { route: "/clinician/alert-list" });
    expect((await screen.findByRole("alert")).textContent).toContain(ITEM_9_MESSAGE);
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("active");
    expect(within(screen.getByRole("alert")).getByText("Active")).toBeTruthy();
  });
});
