// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../../src/client/api/http.ts";
import { PatientListPage } from "../../../../src/client/pages/patients/PatientListPage.tsx";
import { PatientPermissionsProvider } from "../../../../src/client/pages/patients/PatientPermissions.tsx";
import { permissionsFor } from "../../../../src/shared/permissions.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { CLINICIAN, listResponse, READ_ONLY, STAFF, SUPERVISOR } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

type Call = { path: string; query?: Record<string, unknown>; method?: string; body?: unknown };
const calls = (path: string): Call[] =>
  apiMock.mock.calls
    .filter(([p]) => p === path)
    .map(([p, o]) => ({ path: p, query: o?.query, method: o?.method, body: o?.body }) as Call);

beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async (path: string, options?: { query?: Record<string, unknown> }) => {
    if (path === "patients") {
      const view = (options?.query?.view as "my" | undefined) ?? "my";
      return listResponse({ view }) as never;
    }
    if (path === "settings/ui-settings") return {} as never;
    throw new Error(`unexpected call ${path}`);
  });
});

function renderList(permissions: readonly string[], route = "/clinician/patients") {
  return renderWithProviders(
    <PatientPermissionsProvider permissions={permissions}>
      <PatientListPage />
    </PatientPermissionsProvider>,
    { route },
  );
}

describe("PatientListPage", () => {
  it("the permission fixtures match what role.json grants", () => {
    expect(CLINICIAN).toEqual(permissionsFor(["clinician"]));
    expect(SUPERVISOR).toEqual(permissionsFor(["supervisor"]));
    expect(STAFF).toEqual(permissionsFor(["staff"]));
  });

  it("shows the patients the server returns, each name linking to the patient", async () => {
    renderList(CLINICIAN);
    expect(screen.getByRole("heading", { level: 1, name: "Patients" })).toBeTruthy();
    const link = await screen.findByRole("link", { name: "Jordan Rivera" });
    expect(link.getAttribute("href")).toBe("/clinician/patients/patient/7");
    expect(screen.getByRole("link", { name: "Sam Lee" })).toBeTruthy();
    expect(screen.getByText("2 patients")).toBeTruthy();
    expect(calls("patients")[0].query).toEqual({ page: 1, pageSize: 25, search: "", sort: "last_name", order: "asc" });
  });

  it("searches on the server once typing settles", async () => {
    renderList(CLINICIAN);
    await screen.findByRole("link", { name: "Jordan Rivera" });
    const search = screen.getByLabelText("Search patients");
    for (const typed of ["r", "ri", "riv", "  rivera "]) fireEvent.change(search, { target: { value: typed } });
    // The debounce settles, then a ten-column table renders again: allow for a busy test machine.
    await waitFor(() => expect(calls("patients").some((c) => c.query?.search === "rivera")).toBe(true), {
      timeout: 4000,
    });
    // One request for the settled text, none per keystroke.
    expect(calls("patients").map((c) => c.query?.search)).toEqual(["", "rivera"]);
  });

  it("offers only the views the user may use, labelled from patient-view.json", async () => {
    renderList(SUPERVISOR);
    const select = screen.getByLabelText("View") as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe("my"));
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Supervised patients", "My patients", "My teams' patients"]);
  });

  it("hides the View select when the user has one view (staff: all), and offers a clinician theirs and their teams'", async () => {
    const { unmount } = renderList(STAFF);
    await screen.findByRole("link", { name: "Jordan Rivera" });
    expect(screen.queryByLabelText("View")).toBeNull();
    unmount();
    renderList(CLINICIAN);
    const select = (await screen.findByLabelText("View")) as HTMLSelectElement;
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["My patients", "My teams' patients"]),
    );
  });

  it("shows what to act on in words: active alerts, latest score with severity, Overdue", async () => {
    renderList(CLINICIAN);
    const row = (await screen.findByRole("link", { name: "Jordan Rivera" })).closest("tr") as HTMLElement;
    expect(within(row).getByText("2 active alerts")).toBeTruthy();
    expect(within(row).getByText("PHQ-9 14 · Moderate")).toBeTruthy();
    expect(within(row).getByText("Overdue · Mar 1, 2026")).toBeTruthy();
    const quiet = screen.getByRole("link", { name: "Sam Lee" }).closest("tr") as HTMLElement;
    expect(within(quiet).getByText("None")).toBeTruthy();
    expect(within(quiet).getByText("Apr 10, 2026")).toBeTruthy();
    expect(within(quiet).queryByText(/Overdue/)).toBeNull();
    // The headers sort on the server: alerts newest first, due dates oldest first.
    fireEvent.click(screen.getByRole("button", { name: /^Alert/ }));
    await waitFor(() => expect(calls("patients").some((c) => c.query?.sort === "latest_active_alert_at")).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: /^Next due/ }));
    await waitFor(() => expect(calls("patients").some((c) => c.query?.sort === "next_due_at")).toBe(true));
  });

  it("asks for the chosen view and remembers it in the user's ui-settings", async () => {
    renderList(SUPERVISOR);
    const select = screen.getByLabelText("View") as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe("my"));
    fireEvent.change(select, { target: { value: "supervised" } });
    await waitFor(() => expect(calls("patients").some((c) => c.query?.view === "supervised")).toBe(true));
    expect(calls("settings/ui-settings")).toEqual([
      {
        path: "settings/ui-settings",
        method: "POST",
        body: { patientsList: { view: "supervised" } },
        query: undefined,
      },
    ]);
  });

  it("asks the server for another sort and page", async () => {
    apiMock.mockImplementation(async (path: string) => {
      if (path === "patients") return listResponse({ totalRecords: 60 }) as never;
      throw new Error(`unexpected call ${path}`);
    });
    renderList(CLINICIAN);
    await screen.findByText("60 patients");
    fireEvent.click(screen.getByRole("button", { name: /^MRN/ }));
    await waitFor(() => expect(calls("patients").some((c) => c.query?.sort === "mrn")).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "next page" }));
    await waitFor(() =>
      expect(calls("patients").some((c) => c.query?.page === 2 && c.query?.sort === "mrn")).toBe(true),
    );
  });

  it("offers 'Add patient' only to users who may add patients", async () => {
    const { unmount } = renderList(CLINICIAN);
    expect(screen.getByRole("link", { name: "Add patient" }).getAttribute("href")).toBe("/clinician/patients/add");
    unmount();
    renderList(READ_ONLY);
    await screen.findByRole("link", { name: "Jordan Rivera" });
    expect(screen.queryByRole("link", { name: "Add patient" })).toBeNull();
  });

  it("says when the list could not be loaded", async () => {
    apiMock.mockRejectedValue(new Error("The server is not answering"));
    renderList(CLINICIAN);
    expect(await screen.findByText("The server is not answering")).toBeTruthy();
  });
});
