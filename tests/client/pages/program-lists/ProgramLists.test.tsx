// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../../../generated/types/entities/user.ts";
import { api } from "../../../../src/client/api/http.ts";
import { sessionStore } from "../../../../src/client/auth/session-store.ts";
import { openedProgramsKey } from "../../../../src/client/pages/program-lists/opened-programs.ts";
import { ProgramLists } from "../../../../src/client/pages/program-lists/ProgramLists.tsx";
import type { ProgramListTab } from "../../../../src/client/pages/program-lists/program-list-api.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

const program = (id: number, name: string) => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  description: null,
  program_status: "active",
  created_at: "2026-01-01T09:00:00.000Z",
});
const patient = (id: number, last: string) => ({
  id,
  patient_name: `Pat ${last}`,
  mrn: `MRN${id}`,
  birth_date: "2010-04-02",
  access_control_id: 100 + id,
  client_clinic_assignment_user_id: 200 + id,
  access_control_program_id: 300 + id,
  program_id: 1,
  admission_date: "2026-02-03",
  care_status: id === 2 ? "discharge_pending" : "in_care",
  highlighted: false,
});

const USER = { id: 42, username: "clin", first_name: "Casey", last_name: "Lin", roles: ["clinician"] } as never;

function Harness({ initial = "my" }: { initial?: ProgramListTab }) {
  const [tab, setTab] = useState<ProgramListTab>(initial);
  return <ProgramLists tab={tab} onTabChange={setTab} />;
}

/** The calls made so far, as "path" or "path?countOnly" / "path?after=…". */
function calls(): string[] {
  return apiMock.mock.calls.map(([path, options]) => {
    const query = (options as { query?: Record<string, unknown> } | undefined)?.query ?? {};
    if (query.countOnly) return `${path}?countOnly`;
    if (query.after) return `${path}?after=${String(query.after)}`;
    return path;
  });
}

beforeEach(() => {
  window.localStorage.clear();
  sessionStore.set({ status: "signedIn", user: USER as SessionUser });
  apiMock.mockReset();
  apiMock.mockImplementation(async (path: string, options?: { query?: Record<string, unknown> }) => {
    const query = options?.query ?? {};
    if (path === "program-lists/programs") {
      return {
        rows:
          query.tab === "all"
            ? [program(2, "Adolescent"), program(1, "Intensive outpatient")]
            : [program(1, "Intensive outpatient")],
        totalRecords: 1,
      } as never;
    }
    if (path === "programs/1/active-patients") {
      if (query.countOnly) return { totalRecords: 21, totalAccuracy: "exact" } as never;
      if (query.after === "c1") return { rows: [patient(21, "Last")], totalRecords: 21, nextCursor: null } as never;
      const first = Array.from({ length: 20 }, (_, i) => patient(i + 1, `Batch${i + 1}`));
      return { rows: first, totalRecords: 21, nextCursor: "c1" } as never;
    }
    if (path === "programs/2/active-patients") return { totalRecords: 1, totalAccuracy: "exact" } as never;
    if (path === "programs/patients/no-program") return { totalRecords: 4, totalAccuracy: "exact" } as never;
    throw new Error(`unexpected call ${path}`);
  });
});

describe("ProgramLists", () => {
  it("asks a closed program for its count only, and lists its patients once opened, 20 at a time", async () => {
    renderWithProviders(<Harness />);
    const control = await screen.findByRole("button", { name: /Intensive outpatient/ });
    expect(control.getAttribute("aria-expanded")).toBe("false");
    await within(control).findByText("21 patients");
    expect(calls()).toEqual(["program-lists/programs", "programs/1/active-patients?countOnly"]);

    fireEvent.click(control);
    const table = await screen.findByRole("table", { name: "Intensive outpatient" });
    expect(control.getAttribute("aria-expanded")).toBe("true");
    // Each patient opens their chart; a pending discharge is said in words.
    const link = await within(table).findByRole("link", { name: "Pat Batch1" });
    expect(calls().at(-1)).toBe("programs/1/active-patients");
    expect(link.getAttribute("href")).toBe("/assignment/101/201/measures");
    expect(within(table).getByText("Discharge pending")).toBeTruthy();
    expect(within(table).getAllByRole("row")).toHaveLength(21);

    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(table).findByRole("link", { name: "Pat Last" })).toBeTruthy();
    expect(calls().at(-1)).toBe("programs/1/active-patients?after=c1");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).toBeNull());
  });

  it("remembers the opened programs for the user and tab, and opens them again on the next visit", async () => {
    const first = renderWithProviders(<Harness />);
    fireEvent.click(await screen.findByRole("button", { name: /Intensive outpatient/ }));
    await screen.findByRole("table", { name: "Intensive outpatient" });
    expect(JSON.parse(window.localStorage.getItem(openedProgramsKey(42, "my")) ?? "null")).toEqual(["1"]);
    first.unmount();

    apiMock.mockClear();
    renderWithProviders(<Harness />);
    // Opened straight away: its patients are fetched, its count is not asked for.
    await screen.findByRole("table", { name: "Intensive outpatient" });
    expect(calls()).toEqual(["program-lists/programs", "programs/1/active-patients"]);
  });

  it("keeps each tab's opened programs apart, and lists the patients in no program under All programs", async () => {
    window.localStorage.setItem(openedProgramsKey(42, "my"), JSON.stringify(["1"]));
    renderWithProviders(<Harness initial="all" />);
    const adolescent = await screen.findByRole("button", { name: /Adolescent/ });
    const none = screen.getByRole("button", { name: /Not in a program/ });
    await within(none).findByText("4 patients");
    await within(adolescent).findByText("1 patient");
    // The "my" tab's open program is closed here: its count only.
    const iop = screen.getByRole("button", { name: /Intensive outpatient/ });
    expect(iop.getAttribute("aria-expanded")).toBe("false");
    expect(calls()).not.toContain("programs/1/active-patients");
    expect(calls()).toContain("programs/patients/no-program?countOnly");
  });

  it("says so when the user is on no program", async () => {
    apiMock.mockImplementation(async () => ({ rows: [], totalRecords: 0 }) as never);
    renderWithProviders(<Harness />);
    expect(await screen.findByText("You are not on any program yet.")).toBeTruthy();
  });
});
