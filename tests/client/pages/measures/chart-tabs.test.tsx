// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { ChartMeasuresList } from "../../../../src/client/pages/chart-measures/ChartMeasuresList.tsx";
import { PatientChartPage } from "../../../../src/client/pages/chart-measures/PatientChartPage.tsx";
import { PatientPermissionsProvider } from "../../../../src/client/pages/patients/PatientPermissions.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

const member = (ccauId: number, full_name: string, relation_id: number, relation: string) => ({
  ccauId,
  ccaId: 3,
  isPatient: relation_id === 1,
  full_name,
  relation_id,
  relation,
  respondent_type_label: null,
});

const gad7 = {
  measureLibraryId: 5,
  measure_id: "gad-7",
  abbreviation: "GAD-7",
  short_name: null,
  name: "Generalized Anxiety Disorder-7",
  sessions_completed: 0,
  sessions_partial: 1,
  next_due: "2027-02-05T00:00:00.000Z",
  open_sessions: [{ clientMeasureId: 70, due_date: "2027-02-05T00:00:00.000Z", status: "partial" }],
  schedules: [
    {
      id: 31,
      due_date: "2027-02-05T00:00:00.000Z",
      anchor_date: "2027-01-08T00:00:00.000Z",
      frequency: 3,
      frequency_information: "Weekly",
      next_occurrence: { clientMeasureId: 70, due_date: "2027-02-05T00:00:00.000Z", status: "partial" },
      visit_linked: false,
    },
  ],
};

const calls: { path: string; method?: string; body?: unknown }[] = [];

beforeEach(() => {
  apiMock.mockReset();
  calls.length = 0;
  apiMock.mockImplementation(async (path, options) => {
    calls.push({ path, method: options?.method, body: options?.body });
    if (path === "teams/3")
      return { ccaId: 3, patientId: 7, rows: [member(5, "Jordan Rivera", 1, "Patient")] } as never;
    if (path === "patients/7") return { id: 7, full_name: "Jordan Rivera", access_control_id: 3 } as never;
    if (path === "respondents/5/measures")
      return {
        ccauId: 5,
        ccaId: 3,
        patientId: 7,
        respondent: { name: "Jordan Rivera", relation_id: 1 },
        rows: [gad7],
        totalRecords: 1,
      } as never;
    if (path === "scheduling/31" && options?.method === "DELETE")
      return { removedSessions: 1, removedFromList: true } as never;
    if (path === "scheduling/change-frequency") return { schedule: null, upcoming: [] } as never;
    if (path === "patients/7/alerts") return { rows: [], totalRecords: 0 } as never;
    throw new ApiError(404, "No route", "not_found");
  });
});

function Where() {
  return <output aria-label="address">{useLocation().pathname}</output>;
}

describe("the patient chart's tabs", () => {
  it("opens the tab its address names, and a tab click changes the address", async () => {
    renderWithProviders(
      <PatientPermissionsProvider permissions={["patients.viewAll"]}>
        <Routes>
          <Route path="/assignment/:ccaId/:ccauId/:tab" element={<PatientChartPage />} />
        </Routes>
        <Where />
      </PatientPermissionsProvider>,
      { route: "/assignment/3/5/alerts" },
    );
    const alerts = await screen.findByRole("tab", { name: "Alerts" });
    expect(alerts.getAttribute("aria-selected")).toBe("true");
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Measures",
      "Alerts",
      "Information",
      "Measures list",
      "Insurance",
    ]);
    expect(await screen.findByText("No alerts on this chart.")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Measures list" }));
    await waitFor(() => expect(screen.getByLabelText("address").textContent).toBe("/assignment/3/5/measures-list"));
    expect(await screen.findByRole("table", { name: "Measures list of Jordan Rivera" })).toBeTruthy();
  });

  it("says a chart that is not there was not found", async () => {
    renderWithProviders(
      <Routes>
        <Route path="/assignment/:ccaId/:ccauId/:tab" element={<PatientChartPage />} />
      </Routes>,
      { route: "/assignment/3/99/measures" },
    );
    expect(await screen.findByText("Patient not found")).toBeTruthy();
  });
});

describe("the Measures list", () => {
  it("shows each schedule in words with its next due date", async () => {
    renderWithProviders(<ChartMeasuresList ccaId={3} canWrite />);
    const table = await screen.findByRole("table", { name: "Measures list of Jordan Rivera" });
    const row = within(table).getAllByRole("row")[1];
    expect(row.textContent).toContain("Weekly");
    expect(row.textContent).toContain("Next due Feb 5, 2027");
    expect(row.textContent).toContain("0 sessions completed");
  });

  it("removing warns that partly answered answers are deleted, and removes only when confirmed", async () => {
    renderWithProviders(<ChartMeasuresList ccaId={3} canWrite />);
    fireEvent.click(await screen.findByRole("button", { name: "Remove GAD-7" }));
    const dialog = await screen.findByRole("dialog", { name: /Remove measure: GAD-7 for Jordan Rivera/ });
    expect(dialog.textContent).toContain("1 partly answered session: the answers given so far will be deleted");
    expect(dialog.textContent).toContain("the measure leaves the list");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(calls).toContainEqual({ path: "scheduling/31", method: "DELETE", body: undefined }));
  });

  it("a partly answered next measure cannot be moved, and the dialog says why", async () => {
    renderWithProviders(<ChartMeasuresList ccaId={3} canWrite />);
    fireEvent.click(await screen.findByRole("button", { name: "Change date of GAD-7" }));
    const dialog = await screen.findByRole("dialog", { name: /Change due date: GAD-7/ });
    expect(dialog.textContent).toContain("has been partly answered; its due date can no longer be changed");
    expect(within(dialog).queryByRole("button", { name: "Save" })).toBeNull();
  });

  it("changing the frequency previews the new dates and sends the schedule's new frequency", async () => {
    renderWithProviders(<ChartMeasuresList ccaId={3} canWrite />);
    fireEvent.click(await screen.findByRole("button", { name: "Change frequency of GAD-7" }));
    const dialog = await screen.findByRole("dialog", { name: /Change frequency: GAD-7/ });
    fireEvent.change(within(dialog).getByLabelText("Frequency"), { target: { value: "4" } });
    expect(within(dialog).getByText("Next 5 due dates")).toBeTruthy();
    expect(dialog.textContent).toContain("Feb 19, 2027");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        path: "scheduling/change-frequency",
        method: "POST",
        body: { scheduleId: 31, frequency: 4 },
      }),
    );
  });

  it("offers no changes to a reader without write access", async () => {
    renderWithProviders(<ChartMeasuresList ccaId={3} canWrite={false} />);
    await screen.findByRole("table", { name: "Measures list of Jordan Rivera" });
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
  });
});
