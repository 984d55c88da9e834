// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { ChartPrograms } from "../../../../src/client/pages/chart-measures/ChartPrograms.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

const admission = (over: Record<string, unknown>) => ({
  accessControlProgramId: 11,
  assignmentId: 21,
  ccaId: 3,
  patientId: 7,
  program: { id: 2, name: "Intensive outpatient" },
  admission_date: "2027-01-04",
  discharge_date: null,
  disposition: null,
  disposition_label: null,
  discharge_status: null,
  status: "admitted",
  status_label: "In program",
  answered: false,
  waiting: null,
  ...over,
});

const calls: { path: string; method?: string; body?: unknown }[] = [];

beforeEach(() => {
  apiMock.mockReset();
  calls.length = 0;
  apiMock.mockImplementation(async (path, options) => {
    calls.push({ path, method: options?.method, body: options?.body });
    if (path === "patients/7/programs")
      return {
        rows: [
          admission({}),
          admission({
            accessControlProgramId: 12,
            program: { id: 3, name: "Adolescent program" },
            answered: true,
            discharge_status: "pending",
            discharge_date: "2027-01-20",
            disposition: "transferred",
            disposition_label: "Transferred",
            status: "discharge_pending",
            status_label: "Discharge pending",
            waiting: { measures: 1, alerts: 2 },
          }),
          admission({
            accessControlProgramId: 13,
            program: { id: 4, name: "Outpatient therapy" },
            answered: true,
            discharge_status: "final",
            discharge_date: "2026-10-01",
            disposition: "aged_out",
            disposition_label: "Aged out",
            status: "discharged",
            status_label: "Discharged",
          }),
        ],
        totalRecords: 3,
      } as never;
    if (path === "patients/7/programs/available")
      return { rows: [{ id: 5, name: "Day program" }], totalRecords: 1 } as never;
    if (path === "patients/7/programs/11/discharge")
      return {
        admission: admission({ discharge_status: "pending", status: "discharge_pending" }),
        scheduled: [],
        skipped: [],
        patientActivated: false,
      } as never;
    if (path === "patients/3/programs/11") return { accessControlProgramId: 11, removedSessions: 2 } as never;
    throw new ApiError(404, "No route", "not_found");
  });
});

describe("the chart's Programs tab", () => {
  it("lists each admission with its dates and status in words, and what a pending discharge waits for", async () => {
    renderWithProviders(<ChartPrograms patientId={7} patientName="Jordan Rivera" canWrite />);
    const pending = await screen.findByRole("region", { name: "Adolescent program" });
    expect(pending.textContent).toContain("Discharge pending");
    expect(pending.textContent).toContain("Discharged Jan 20, 2027 · Transferred");
    expect(pending.textContent).toContain(
      "Waiting for 1 discharge measure to be answered and 2 alerts to be acknowledged.",
    );
    // A pending or final discharge is not discharged again; an answered admission is not undone.
    expect(within(pending).queryByRole("button")).toBeNull();
    const done = screen.getByRole("region", { name: "Outpatient therapy" });
    expect(done.textContent).toContain("Discharged");
    expect(done.textContent).toContain("Aged out");
    const open = screen.getByRole("region", { name: "Intensive outpatient" });
    expect(open.textContent).toContain("In program");
    expect(open.textContent).toContain("Admitted Jan 4, 2027");
    expect(within(open).getByRole("button", { name: "Undo admission" })).toBeTruthy();
  });

  it("discharges with a disposition and a date, saying the discharge stays pending", async () => {
    renderWithProviders(<ChartPrograms patientId={7} patientName="Jordan Rivera" canWrite />);
    const open = await screen.findByRole("region", { name: "Intensive outpatient" });
    fireEvent.click(within(open).getByRole("button", { name: "Discharge" }));
    const dialog = await screen.findByRole("dialog", { name: "Discharge from program" });
    expect(dialog.textContent).toContain("The discharge stays pending until they are answered");
    const submit = within(dialog).getByRole("button", { name: "Discharge" });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getAllByLabelText(/Disposition/)[0]);
    fireEvent.click(await within(dialog).findByRole("option", { name: "Dropped out" }));
    fireEvent.click(submit);
    await waitFor(() => expect(calls.some((c) => c.path === "patients/7/programs/11/discharge")).toBe(true));
    const sent = calls.find((c) => c.path === "patients/7/programs/11/discharge");
    expect(sent?.body).toMatchObject({
      disposition: "dropped_out",
      discharge_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it("undoes an admission only once confirmed, by the chart's id", async () => {
    renderWithProviders(<ChartPrograms patientId={7} patientName="Jordan Rivera" canWrite />);
    const open = await screen.findByRole("region", { name: "Intensive outpatient" });
    fireEvent.click(within(open).getByRole("button", { name: "Undo admission" }));
    const dialog = await screen.findByRole("dialog", { name: "Undo admission" });
    expect(dialog.textContent).toContain("This cannot be reversed");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Undo admission" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "DELETE" && c.path === "patients/3/programs/11")).toBe(true),
    );
  });

  it("offers the programs the patient is not in, and no change buttons to a reader", async () => {
    const { unmount } = renderWithProviders(<ChartPrograms patientId={7} patientName="Jordan Rivera" canWrite />);
    fireEvent.click(await screen.findByRole("button", { name: "Add to program" }));
    const dialog = await screen.findByRole("dialog", { name: "Add to program" });
    fireEvent.click(within(dialog).getAllByLabelText(/^Program/)[0]);
    expect(await within(dialog).findByRole("option", { name: "Day program" })).toBeTruthy();
    unmount();
    renderWithProviders(<ChartPrograms patientId={7} patientName="Jordan Rivera" canWrite={false} />);
    await screen.findByRole("region", { name: "Intensive outpatient" });
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("Home's program addresses open the Programs tab's dialogs (spec §2 Clinician area)", () => {
  it("home/patient/{patientId}/add-program opens Add to program", async () => {
    renderWithProviders(<ChartPrograms patientId={7} patientName="Jordan Rivera" canWrite />, {
      route: "/assignment/3/5/programs?action=add-program",
    });
    await screen.findByRole("dialog", { name: "Add to program" });
  });

  it("home/discharge/{accessControlProgramId}/… opens Discharge for that admission, once it is loaded", async () => {
    renderWithProviders(<ChartPrograms patientId={7} patientName="Jordan Rivera" canWrite />, {
      route: "/assignment/3/5/programs?action=discharge&admission=11",
    });
    const dialog = await screen.findByRole("dialog", { name: /Discharge/ });
    expect(within(dialog).getByText(/Intensive outpatient/)).toBeTruthy();
  });

  it("opens nothing for someone who may only read the chart", async () => {
    renderWithProviders(<ChartPrograms patientId={7} patientName="Jordan Rivera" canWrite={false} />, {
      route: "/assignment/3/5/programs?action=add-program",
    });
    await screen.findByRole("heading", { name: "Intensive outpatient" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
