// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../../src/client/api/http.ts";
import { HomePage } from "../../../../src/client/pages/home/HomePage.tsx";
import { worklistRange } from "../../../../src/client/pages/home/worklist-ranges.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

const base = { patientId: 7, ccaId: 3, ccauId: 5, mrn: "MRN-7", respondent: "Jordan Rivera (Patient)" };
const due = (id: number, name: string) => ({
  ...base,
  id,
  patient_name: name,
  measure: "PHQ-9",
  due_date: "2026-03-09",
  due_state: "due",
  chart_alerts: 0,
});
const result = (id: number, seen: boolean) => ({
  ...base,
  id,
  patient_name: "Jordan Rivera",
  measure: "PHQ-9",
  due_date: "2026-03-09",
  completed_at: "2026-03-09T15:00:00Z",
  score: { measure: "PHQ-9", score: 8, severity: "Mild" },
  change: { from: 14, to: 8, change: -6, direction: "improved", reliableChange: "reliable improvement" },
  result_alerts: seen ? 0 : 1,
  seen,
});

beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async (path: string, options?: { query?: Record<string, unknown> }) => {
    if (path.endsWith("/scheduled")) {
      // Two pages: the second follows the first's cursor.
      if (options?.query?.after === "c1")
        return { rows: [due(2, "Sam Lee")], totalRecords: 2, totalAccuracy: "exact", nextCursor: null } as never;
      return { rows: [due(1, "Jordan Rivera")], totalRecords: 2, totalAccuracy: "exact", nextCursor: "c1" } as never;
    }
    if (path.endsWith("/completed"))
      return {
        rows: [result(11, false), result(10, true)],
        totalRecords: 2,
        totalAccuracy: "exact",
        nextCursor: null,
      } as never;
    throw new Error(`unexpected call ${path}`);
  });
});

describe("HomePage", () => {
  it("lists today's measures and loads more with the button, by the server's cursor", async () => {
    renderWithProviders(<HomePage />, { route: "/clinician/home" });
    expect(screen.getByRole("heading", { level: 1, name: "Home" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Today", selected: true })).toBeTruthy();
    await screen.findByRole("link", { name: "Jordan Rivera" });
    const { startDate, endDate } = worklistRange("today");
    expect(apiMock.mock.calls[0][0]).toBe(`patients/from/${startDate}/to/${endDate}/scheduled`);
    expect(screen.getByText("Not started")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("link", { name: "Sam Lee" })).toBeTruthy();
    expect(screen.getByText("2 measures due today")).toBeTruthy();
    // Everything is loaded: no button to press in vain.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).toBeNull());
  });

  it("shows new results with score, change and alerts, the unopened ones marked New, each opening its report", async () => {
    renderWithProviders(<HomePage />, { route: "/clinician/home?tab=new-results" });
    const table = await screen.findByRole("table", { name: "New results" });
    await within(table).findAllByRole("link", { name: "PHQ-9" });
    const [, unseen, seen] = within(table).getAllByRole("row");
    expect(within(unseen).getByText("New")).toBeTruthy();
    expect(within(seen).getByText("Seen")).toBeTruthy();
    expect(within(unseen).getByText("PHQ-9 8 · Mild")).toBeTruthy();
    expect(within(unseen).getByText("Down 6 · Reliable improvement")).toBeTruthy();
    expect(within(unseen).getByText("1 active alert")).toBeTruthy();
    expect(within(unseen).getByRole("link", { name: "PHQ-9" }).getAttribute("href")).toBe(
      "/assignment/3/5/measures/11",
    );
    const { startDate, endDate } = worklistRange("new-results");
    expect(apiMock.mock.calls[0][0]).toBe(`patients/from/${startDate}/to/${endDate}/completed`);
  });
});

it("says plainly when nothing is due", async () => {
  apiMock.mockImplementation(
    async () => ({ rows: [], totalRecords: 0, totalAccuracy: "exact", nextCursor: null }) as never,
  );
  renderWithProviders(<HomePage />, { route: "/clinician/home?tab=week" });
  expect(await screen.findByText("Nothing is due this week.")).toBeTruthy();
  expect(screen.getByText("0 measures due this week")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
});

describe("worklistRange", () => {
  // Friday 13 March 2026, 02:00 UTC: still Thursday 12 March in New York.
  const now = new Date("2026-03-13T02:00:00Z");
  it("takes today, the ISO week and the last seven days on the clinic's calendar", () => {
    expect(worklistRange("today", now, "America/New_York")).toMatchObject({
      startDate: "20260312",
      endDate: "20260312",
    });
    expect(worklistRange("week", now, "America/New_York")).toEqual({
      kind: "scheduled",
      startDate: "20260309",
      endDate: "20260315",
    });
    expect(worklistRange("new-results", now, "America/New_York")).toEqual({
      kind: "completed",
      startDate: "20260306",
      endDate: "20260312",
    });
    // A Sunday belongs to the week that began the Monday before.
    expect(worklistRange("week", new Date("2026-03-15T12:00:00Z"), "UTC")).toMatchObject({ startDate: "20260309" });
  });
});
