// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../../src/client/api/http.ts";
import { ChartMeasures } from "../../../../src/client/pages/chart-measures/ChartMeasures.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
const apiMock = vi.mocked(api);

const PHQ9 = {
  uuid: "11111111-1111-4111-8111-111111111111",
  abbreviation: "PHQ-9",
  name: "Patient Health Questionnaire-9",
};
const GAD7 = {
  uuid: "22222222-2222-4222-8222-222222222222",
  abbreviation: "GAD-7",
  name: "Generalized Anxiety Disorder-7",
};

function charted(measure: typeof PHQ9, id: number, score: number) {
  return {
    measureLibraryId: id,
    uuid: measure.uuid,
    measure_id: measure.abbreviation.toLowerCase(),
    abbreviation: measure.abbreviation,
    short_name: measure.abbreviation,
    name: measure.name,
    sessions_completed: 1,
    sessions_partial: 0,
    measure_date_completed: ["2026-11-01T15:00:00Z"],
    next_due: null,
    open_sessions: [],
    next_schedules: [],
    latest: { clientMeasureId: id * 10, date: "2026-11-01T15:00:00Z", score, severity: "Mild" },
    progress_chart: {
      is_scorable: true,
      show_chart: true,
      sessions_progress_results: [
        { clientMeasureId: id * 10, date: "2026-11-01T15:00:00Z", score, severity: "Mild", alerts: [] },
      ],
    },
  };
}

let saved: string[];

beforeEach(() => {
  apiMock.mockReset();
  saved = [];
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
        ],
      } as never;
    }
    if (path === "overview/measures/5") {
      return {
        ccauId: 5,
        ccaId: 3,
        patientId: 7,
        respondent: { name: "Jordan Rivera", relation_id: 1 },
        totalRecords: 2,
        rows: [charted(PHQ9, 1, 7), charted(GAD7, 2, 6)],
      } as never;
    }
    if (path === "patients/7/alerts") return { rows: [], totalRecords: 0 } as never;
    if (path === "library/chart-settings") {
      if (options?.method === "POST") saved = (options.body as { measure_uuids: string[] }).measure_uuids;
      const chosen = [PHQ9, GAD7].filter((m) => saved.includes(m.uuid));
      return {
        measure_uuids: chosen.map((m) => m.uuid),
        measures: chosen.map((m, i) => ({ measureLibraryId: i + 1, ...m })),
      } as never;
    }
    throw new Error(`unexpected call ${path}`);
  });
});

describe("Choose charts on the patient chart (library/chart-settings)", () => {
  it("shows every chart until the clinician chooses, then only the chosen ones; the table keeps every measure", async () => {
    renderWithProviders(<ChartMeasures patientId={7} ccaId={3} ccauId={5} patientName="Jordan Rivera" canWrite />);
    await screen.findByRole("list", { name: "PHQ-9 session reports" });
    expect(screen.getByRole("list", { name: "GAD-7 session reports" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Choose charts" }));
    const dialog = await screen.findByRole("dialog", { name: "Choose charts" });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: `GAD-7 — ${GAD7.name}` }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("list", { name: "PHQ-9 session reports" })).toBeNull());
    expect(saved).toEqual([GAD7.uuid]);
    expect(screen.getByRole("list", { name: "GAD-7 session reports" })).toBeTruthy();
    expect(screen.getByText("Charts shown: GAD-7 (your choice).")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Measures of Jordan Rivera" });
    expect(within(table).getByText("PHQ-9")).toBeTruthy();
  });

  it("'Show every chart' clears the choice", async () => {
    saved = [GAD7.uuid];
    renderWithProviders(<ChartMeasures patientId={7} ccaId={3} ccauId={5} patientName="Jordan Rivera" canWrite />);
    await screen.findByText("Charts shown: GAD-7 (your choice).");
    expect(screen.queryByRole("list", { name: "PHQ-9 session reports" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Choose charts" }));
    const dialog = await screen.findByRole("dialog", { name: "Choose charts" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Show every chart" }));
    await screen.findByRole("list", { name: "PHQ-9 session reports" });
    expect(saved).toEqual([]);
  });
});
