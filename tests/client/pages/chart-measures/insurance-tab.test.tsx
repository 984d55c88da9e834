// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { ChartInsurance } from "../../../../src/client/pages/chart-measures/ChartInsurance.tsx";
import { MESSAGES } from "../../../../src/shared/api-errors.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
const apiMock = vi.mocked(api);

const EMPTY = {
  id: 7,
  primary_provider: null,
  primary_plan_name: null,
  primary_member_id: null,
  primary_group_id: null,
  primary_subscriber_name: null,
  primary_effective_date: null,
  primary_end_date: null,
  secondary_provider: null,
  secondary_plan_name: null,
  secondary_member_id: null,
  secondary_group_id: null,
  secondary_subscriber_name: null,
  secondary_effective_date: null,
  secondary_end_date: null,
  updated_at: null,
  version: 0,
};

const ON_FILE = {
  ...EMPTY,
  primary_provider: "Prairie Blue Health",
  primary_plan_name: "PPO Choice",
  primary_member_id: "PBH 804 112 093",
  primary_subscriber_name: "Morgan Rivera",
  primary_relation_to_subscriber: "child",
  primary_effective_date: "2024-01-01",
  secondary_provider: "Illinois Medicaid",
  updated_at: "2026-03-02T15:04:00.000Z",
  version: 2,
};

const PATH = "v2/patients/7/insurance";
const puts = () => apiMock.mock.calls.filter(([path, options]) => path === PATH && options?.method === "PUT");

/** Answers GETs with `stored`, and PUTs with `onPut` (by default: saved, one version on). */
function serve(stored: Record<string, unknown>, onPut?: (body: Record<string, unknown>) => unknown) {
  apiMock.mockImplementation(async (path, options) => {
    if (path !== PATH) throw new ApiError(404, "No route", "not_found");
    if (options?.method === "PUT") {
      const body = options.body as Record<string, unknown>;
      return (onPut ? onPut(body) : { ...stored, ...body, version: (body.version as number) + 1 }) as never;
    }
    return stored as never;
  });
}

beforeEach(() => {
  apiMock.mockReset();
});

describe("the chart's Insurance tab", () => {
  it("shows both coverages in words, each in its own section", async () => {
    serve(ON_FILE);
    renderWithProviders(<ChartInsurance patientId={7} patientName="Jordan Rivera" canWrite />);
    const primary = await screen.findByRole("region", { name: "Primary insurance" });
    expect(within(primary).getByText("Prairie Blue Health")).toBeTruthy();
    expect(within(primary).getByText("PBH 804 112 093")).toBeTruthy();
    // The relation code and the ISO date are shown as people say them.
    expect(within(primary).getByText("Child")).toBeTruthy();
    expect(within(primary).getByText("Jan 1, 2024")).toBeTruthy();
    expect(within(primary).queryByText("child")).toBeNull();
    const secondary = screen.getByRole("region", { name: "Secondary insurance" });
    expect(within(secondary).getByText("Illinois Medicaid")).toBeTruthy();
    expect(screen.getByText(/^Last updated Mar 2, 2026/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit insurance" })).toBeTruthy();
  });

  it("offers no Edit to someone who may only view the chart", async () => {
    serve(ON_FILE);
    renderWithProviders(<ChartInsurance patientId={7} patientName="Jordan Rivera" canWrite={false} />);
    await screen.findByRole("region", { name: "Primary insurance" });
    expect(screen.queryByRole("button", { name: /insurance/ })).toBeNull();
  });

  it("adds insurance to a patient with none on file, saving from version 0", async () => {
    serve(EMPTY);
    renderWithProviders(<ChartInsurance patientId={7} patientName="Jordan Rivera" canWrite />);
    expect(await screen.findByText("No insurance on file for Jordan Rivera.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add insurance" }));
    expect(await screen.findByRole("heading", { name: "Add insurance" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Primary insurance provider"), { target: { value: " Aetna " } });
    fireEvent.change(screen.getByLabelText("Primary member ID"), { target: { value: "W123" } });
    fireEvent.click(screen.getByRole("button", { name: "Save insurance" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0][1]?.body).toMatchObject({
      primary_provider: "Aetna",
      primary_member_id: "W123",
      secondary_provider: null,
      version: 0,
    });
    // Back on the details, showing what was saved.
    const primary = await screen.findByRole("region", { name: "Primary insurance" });
    expect(within(primary).getByText("Aetna")).toBeTruthy();
  });

  it("says the schema's message under a field and sends nothing", async () => {
    serve(ON_FILE);
    renderWithProviders(<ChartInsurance patientId={7} patientName="Jordan Rivera" canWrite />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit insurance" }));
    fireEvent.change(await screen.findByLabelText("Primary insurance provider"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save insurance" }));
    expect((await screen.findAllByText("Primary insurance provider is required")).length).toBeGreaterThan(0);
    expect(puts()).toHaveLength(0);
  });

  it("says a stale save in the server's words and reloads the latest copy when asked", async () => {
    let gets = 0;
    const theirs = { ...ON_FILE, primary_plan_name: "HMO Select", version: 3 };
    apiMock.mockImplementation(async (path, options) => {
      if (options?.method === "PUT")
        throw new ApiError(409, MESSAGES.staleRecord, "stale_record", [], {
          error: MESSAGES.staleRecord,
          code: "stale_record",
          currentVersion: 3,
        });
      if (path === PATH) return (gets++ === 0 ? ON_FILE : theirs) as never;
      throw new ApiError(404, "No route", "not_found");
    });
    renderWithProviders(<ChartInsurance patientId={7} patientName="Jordan Rivera" canWrite />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit insurance" }));
    const plan = (await screen.findByLabelText("Primary plan name")) as HTMLInputElement;
    fireEvent.change(plan, { target: { value: "PPO Gold" } });
    fireEvent.click(screen.getByRole("button", { name: "Save insurance" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(MESSAGES.staleRecord);
    expect(plan.value).toBe("PPO Gold");
    expect(puts()[0][1]?.body).toMatchObject({ version: 2 });
    fireEvent.click(within(alert).getByRole("button", { name: "Reload" }));
    await waitFor(() =>
      expect((screen.getByLabelText("Primary plan name") as HTMLInputElement).value).toBe("HMO Select"),
    );
  });
});
