// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { clinicToday, formatCalendarDate } from "../../../../src/client/dates/clinic-dates.ts";
import { ChartMeasures } from "../../../../src/client/pages/chart-measures/ChartMeasures.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { alertRow } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

const overview = {
  ccauId: 5,
  ccaId: 3,
  patientId: 7,
  respondent: { name: "Jordan Rivera", relation_id: 1 },
  totalRecords: 1,
  rows: [
    {
      measureLibraryId: 10,
      measure_id: "phq-9",
      abbreviation: "PHQ-9",
      short_name: "PHQ-9 Depression",
      name: "Patient Health Questionnaire-9",
      sessions_completed: 2,
      sessions_partial: 1,
      measure_date_completed: ["2026-10-01T15:00:00Z", "2026-11-01T15:00:00Z"],
      next_due: { clientMeasureId: 44, due_date: "2026-11-24T00:00:00.000Z", status: "partial" },
      open_sessions: [{ clientMeasureId: 44, due_date: "2026-11-24T00:00:00.000Z", status: "partial" }],
      next_schedules: [
        {
          id: 1,
          due_date: "2026-11-24T00:00:00.000Z",
          anchor_date: "2026-11-24T00:00:00.000Z",
          frequency: 1,
          frequency_information: "One Time",
          next_occurrence: { clientMeasureId: 44, due_date: "2026-11-24T00:00:00.000Z", status: "partial" },
          visit_linked: false,
        },
      ],
      latest: { clientMeasureId: 43, date: "2026-11-01T15:00:00Z", score: 14, severity: "Moderate" },
      progress_chart: {
        is_scorable: true,
        show_chart: true,
        sessions_progress_results: [
          { clientMeasureId: 42, date: "2026-10-01T15:00:00Z", score: 19, severity: "Moderately severe", alerts: [] },
          { clientMeasureId: 43, date: "2026-11-01T15:00:00Z", score: 14, severity: "Moderate", alerts: [] },
        ],
      },
    },
  ],
};

let schedules: unknown[];

beforeEach(() => {
  apiMock.mockReset();
  schedules = [];
  apiMock.mockImplementation(async (path, options) => {
    if (path === "teams/3") {
      return {
        rows: [
          {
            ccauId: 5,
            ccaId: 3,
            isPatient: true,
            full_name: "Jordan Rivera",
            relation_id: 1,
            relation: "Patient",
            respondent_type_label: null,
          },
          {
            ccauId: 6,
            ccaId: 3,
            isPatient: false,
            full_name: "Morgan Rivera",
            relation_id: 4,
            relation: "Mother",
            respondent_type_label: "Caregiver",
          },
        ],
      } as never;
    }
    if (path === "overview/measures/5") return overview as never;
    if (path === "overview/measures/6")
      return {
        ...overview,
        ccauId: 6,
        respondent: { name: "Morgan Rivera", relation_id: 4 },
        rows: [],
        totalRecords: 0,
      } as never;
    if (path === "patients/7/alerts") {
      // One active alert; nothing acknowledged yet (the chart also asks for its latest acknowledged ones).
      const status = (options?.query as { status?: string } | undefined)?.status;
      const rows = status === "active" ? [alertRow()] : [];
      return { rows, totalRecords: rows.length, status } as never;
    }
    if (path === "scheduling/5") {
      return {
        ccauId: 5,
        rows: [
          {
            id: 5,
            measure_id: "gad-7",
            abbreviation: "GAD-7",
            short_name: "GAD-7 Anxiety",
            name: "GAD-7",
            next_due: null,
          },
          {
            id: 10,
            measure_id: "phq-9",
            abbreviation: "PHQ-9",
            short_name: "PHQ-9 Depression",
            name: "PHQ-9",
            next_due: null,
          },
        ],
        totalRecords: 2,
      } as never;
    }
    if (path === "scheduling") {
      const body = options?.body as { confirm?: boolean };
      schedules.push(body);
      if (!body.confirm)
        throw new ApiError(409, "This measure is already scheduled on that date.", "already_scheduled");
      return { schedule: { id: 9, due_date: "x" }, clientMeasure: { id: 45, due_date: "x" } } as never;
    }
    throw new ApiError(404, "No route", "not_found");
  });
});

function renderChart() {
  return renderWithProviders(
    <ChartMeasures patientId={7} ccaId={3} ccauId={5} patientName="Jordan Rivera" canWrite />,
    { route: "/clinician/patients/patient/7" },
  );
}

describe("the patient's measures", () => {
  it("shows the active alert in full, status, due date, latest score and severity", async () => {
    renderChart();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Suicide risk");
    expect(screen.getByRole("heading", { name: "Active alerts (1)" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Measures of Jordan Rivera" });
    expect(within(table).getByText("Partially completed")).toBeTruthy();
    expect(within(table).getByText("Nov 24, 2026")).toBeTruthy();
    // A count says what it counts.
    expect(within(table).getByText("2 sessions completed")).toBeTruthy();
    const latest = within(table).getByRole("link", { name: "14 · Moderate" });
    expect(latest.getAttribute("href")).toBe("/assignment/3/5/measures/43");
    // A respondent with nothing assigned gets no empty section.
    expect(screen.queryByRole("table", { name: "Measures of Morgan Rivera" })).toBeNull();
    expect(screen.getByRole("heading", { name: "PHQ-9 total score" })).toBeTruthy();
  });

  it("assigns a measure one time with a due date, asking first when it is already scheduled that day", async () => {
    renderChart();
    fireEvent.click(await screen.findByRole("button", { name: "Assign measure" }));
    const dialog = await screen.findByRole("dialog", { name: "Assign measure" });
    expect((within(dialog).getByLabelText("Respondent") as HTMLSelectElement).value).toBe("5");
    fireEvent.click(within(dialog).getByRole("button", { name: "Assign" }));
    expect(await within(dialog).findByText("A measure must be selected.")).toBeTruthy();

    await waitFor(() => expect(within(dialog).getByRole("option", { name: /PHQ-9 — PHQ-9 Depression/ })).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText(/Measure/), { target: { value: "10" } });
    expect((within(dialog).getByLabelText(/Due date/) as HTMLInputElement).value).toBe(
      formatCalendarDate(clinicToday()),
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Assign" }));
    expect(await within(dialog).findByText(/is already due for Jordan Rivera/)).toBeTruthy();
    expect(schedules).toEqual([{ ccauId: 5, measureId: 10, dueDate: `${clinicToday()} 00:00:00`, frequency: 1 }]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule again" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(schedules.at(-1)).toEqual({
      ccauId: 5,
      measureId: 10,
      dueDate: `${clinicToday()} 00:00:00`,
      frequency: 1,
      confirm: true,
    });
  });

  it("offers every frequency and previews the next five due dates before saving", async () => {
    renderChart();
    fireEvent.click(await screen.findByRole("button", { name: "Assign measure" }));
    const dialog = await screen.findByRole("dialog", { name: "Assign measure" });
    const frequency = within(dialog).getByLabelText("Frequency") as HTMLSelectElement;
    expect([...frequency.options].map((o) => o.text)).toEqual([
      "One Time",
      "Daily",
      "Weekly",
      "Every 2 Weeks",
      "Monthly",
      "Every 2 Months",
      "Every 3 Months",
      "Every 6 Months",
      "Every 6 Weeks",
      "Every 4 Months",
      "Annually",
    ]);
    const dates = () =>
      within(within(dialog).getByRole("list"))
        .getAllByRole("listitem")
        .map((li) => li.textContent);
    fireEvent.change(within(dialog).getByLabelText(/Due date/), { target: { value: "2027-01-29" } });
    expect(within(dialog).getByText("Due once")).toBeTruthy();
    expect(dates()).toEqual(["Jan 29, 2027"]);

    fireEvent.change(frequency, { target: { value: "3" } });
    expect(within(dialog).getByRole("list", { name: "Next 5 due dates" })).toBeTruthy();
    expect(dates()).toEqual(["Jan 29, 2027", "Feb 5, 2027", "Feb 12, 2027", "Feb 19, 2027", "Feb 26, 2027"]);
    expect(within(dialog).getByText(/from 3 days before its due date/)).toBeTruthy();

    // Monthly from the 31st: the short months fall on their last day, the others on the 31st.
    fireEvent.change(frequency, { target: { value: "5" } });
    fireEvent.change(within(dialog).getByLabelText(/Due date/), { target: { value: "2027-01-31" } });
    expect(dates()).toEqual(["Jan 31, 2027", "Feb 28, 2027", "Mar 31, 2027", "Apr 30, 2027", "May 31, 2027"]);

    await waitFor(() => expect(within(dialog).getByRole("option", { name: /PHQ-9 — PHQ-9 Depression/ })).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText(/Measure/), { target: { value: "10" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Assign" }));
    await waitFor(() =>
      expect(schedules.at(-1)).toEqual({ ccauId: 5, measureId: 10, dueDate: "2027-01-31 00:00:00", frequency: 5 }),
    );
  });
});
