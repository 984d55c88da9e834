// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { toastError, toastInfo, toastSuccess } from "../../../../src/client/notifications/toast.ts";
import { PatientPermissionsProvider } from "../../../../src/client/pages/patients/PatientPermissions.tsx";
import { ChartTeam } from "../../../../src/client/pages/respondents/ChartTeam.tsx";
import type { ChartTeamMember } from "../../../../src/client/pages/respondents/respondent-api.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { CLINICIAN, READ_ONLY } from "../patients/fixtures.ts";
import { team } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
const apiMock = vi.mocked(api);

type Options = { method?: string; body?: unknown };
const STATUS_ROUTE = (userId: number) => `patient-user/respondents/${userId}/change-status`;
let rows: ChartTeamMember[];
let statusChange: (userId: number, body: unknown) => unknown;

beforeEach(() => {
  apiMock.mockReset();
  for (const toast of [toastError, toastInfo, toastSuccess]) vi.mocked(toast).mockReset();
  rows = team.rows.map((row) => ({ ...row }));
  statusChange = (userId) => ({ user: { id: userId, status: 1 }, disabled: { schedules: 2, measures: 1 } });
  apiMock.mockImplementation(async (path, options) => {
    // A fresh copy per read, as a server answers: later edits to `rows` must not reach old answers.
    if (path === "teams/70") return { ...team, rows: rows.map((row) => ({ ...row })) } as never;
    const match = /^patient-user\/respondents\/(\d+)\/change-status$/.exec(path);
    if (match) return statusChange(Number(match[1]), (options as Options).body) as never;
    throw new ApiError(404, `No route ${path}`, "not_found");
  });
});

function renderTeam(permissions: readonly string[] = CLINICIAN) {
  return renderWithProviders(
    <PatientPermissionsProvider permissions={permissions}>
      <ChartTeam ccaId={70} patientId={7} patientName="Jordan Rivera" />
    </PatientPermissionsProvider>,
  );
}

function calls(path: string) {
  return apiMock.mock.calls.filter(([p]) => p === path);
}

async function card(name: string) {
  const list = await screen.findByRole("list", { name: "Respondents" });
  return within(list).getByRole("listitem", { name });
}

describe("account status actions on the chart's team", () => {
  it("deactivates only after the confirmation, calling the route with action deactivate, then re-reads the team", async () => {
    renderTeam();
    const morgan = await card("Morgan Rivera");
    fireEvent.click(within(morgan).getByRole("button", { name: "Deactivate Morgan Rivera" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate account" });
    expect(dialog.textContent).toContain("Scheduled measures will be disabled. Past results are kept.");
    expect(calls(STATUS_ROUTE(57))).toHaveLength(0);

    const teamReads = calls("teams/70").length;
    rows[1] = { ...rows[1], status: 1 };
    fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate account" }));
    await waitFor(() => expect(calls(STATUS_ROUTE(57))).toHaveLength(1));
    expect(calls(STATUS_ROUTE(57))[0][1]).toEqual({ method: "POST", body: { action: "deactivate" } });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Deactivate account" })).toBeNull());
    await waitFor(() => expect(calls("teams/70").length).toBeGreaterThan(teamReads));
    // The re-read team shows the inactive account with the way back.
    const after = await card("Morgan Rivera");
    await waitFor(() => expect(after.textContent).toContain("Account statusInactive"));
    expect(within(after).getByRole("button", { name: "Activate and invite Morgan Rivera" })).toBeTruthy();
    expect(within(after).queryByRole("button", { name: "Deactivate Morgan Rivera" })).toBeNull();
    expect(vi.mocked(toastSuccess).mock.calls[0][0]).toContain("Morgan Rivera's account was deactivated");
  });

  it("sends nothing when the confirmation is cancelled", async () => {
    renderTeam();
    fireEvent.click(within(await card("Nadia Karimi")).getByRole("button", { name: "Deactivate Nadia Karimi" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate account" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls(STATUS_ROUTE(58))).toHaveLength(0);
  });

  it("offers Cancel invite for a pending invitation and Activate and invite for an inactive account", async () => {
    rows[1] = { ...rows[1], status: 4 };
    rows[2] = { ...rows[2], status: 1 };
    statusChange = (userId, body) => {
      const action = (body as { action: string }).action;
      if (action === "cancel_invite") return { user: { id: userId, status: 3 } };
      return { user: { id: userId, status: 3 }, invitation: { sent: false, reason: "Add an email address." } };
    };
    renderTeam();
    const morgan = await card("Morgan Rivera");
    expect(within(morgan).getByRole("button", { name: "Invite again to Morgan Rivera" })).toBeTruthy();
    fireEvent.click(within(morgan).getByRole("button", { name: "Cancel invite to Morgan Rivera" }));
    await waitFor(() => expect(calls(STATUS_ROUTE(57))).toHaveLength(1));
    expect(calls(STATUS_ROUTE(57))[0][1]).toEqual({ method: "POST", body: { action: "cancel_invite" } });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("The invitation to Morgan Rivera was canceled."));

    const nadia = await card("Nadia Karimi");
    expect(within(nadia).queryByRole("button", { name: /Send invitation|Deactivate/ })).toBeNull();
    fireEvent.click(within(nadia).getByRole("button", { name: "Activate and invite Nadia Karimi" }));
    await waitFor(() => expect(calls(STATUS_ROUTE(58))).toHaveLength(1));
    expect(calls(STATUS_ROUTE(58))[0][1]).toEqual({ method: "POST", body: { action: "activate_and_invite" } });
    // Activated, but the invitation could not go: the reason is shown, not hidden behind a success.
    await waitFor(() => expect(toastInfo).toHaveBeenCalledTimes(1));
    expect(vi.mocked(toastInfo).mock.calls[0][0]).toBe(
      "Nadia Karimi's account was activated, but no invitation was sent. Add an email address.",
    );
  });

  it("shows the server's refusal with a title that says what failed", async () => {
    statusChange = () => {
      throw new ApiError(400, "This user is already inactive.", "invalid_status");
    };
    renderTeam();
    fireEvent.click(within(await card("Morgan Rivera")).getByRole("button", { name: "Deactivate Morgan Rivera" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate account" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate account" }));
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(1));
    const [error, title] = vi.mocked(toastError).mock.calls[0];
    expect((error as ApiError).message).toBe("This user is already inactive.");
    expect(title).toBe("The account was not deactivated");
    expect(screen.getByRole("dialog", { name: "Deactivate account" })).toBeTruthy();
  });

  it("offers Invite to self sign-in only to an Active account without a username, and posts that action", async () => {
    // Morgan answers on a clinic device: Active, no username. Jordan signs in on his own; Nadia is Not Invited.
    rows[1] = { ...rows[1], status: 2, hasSignIn: false };
    statusChange = (userId) => ({ user: { id: userId, status: 2 }, invitation: { sent: true, channel: "email" } });
    renderTeam();
    const morgan = await card("Morgan Rivera");
    for (const other of ["Jordan Rivera", "Nadia Karimi"])
      expect(within(await card(other)).queryByRole("button", { name: /self sign-in/ })).toBeNull();
    expect(within(morgan).queryByRole("button", { name: /Send invitation|Invite again/ })).toBeNull();

    const teamReads = calls("teams/70").length;
    fireEvent.click(within(morgan).getByRole("button", { name: "Invite Morgan Rivera to self sign-in" }));
    await waitFor(() => expect(calls(STATUS_ROUTE(57))).toHaveLength(1));
    expect(calls(STATUS_ROUTE(57))[0][1]).toEqual({ method: "POST", body: { action: "invite_self_sign_in" } });
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith("Invitation to self sign-in sent to Morgan Rivera by email."),
    );
    await waitFor(() => expect(calls("teams/70").length).toBeGreaterThan(teamReads));
  });

  it("shows the server's reason when the self sign-in invitation is refused", async () => {
    rows[1] = { ...rows[1], status: 2, hasSignIn: false };
    statusChange = () => {
      throw new ApiError(400, "Add an email address or a mobile number first.", "invalid_status");
    };
    renderTeam();
    fireEvent.click(
      within(await card("Morgan Rivera")).getByRole("button", { name: "Invite Morgan Rivera to self sign-in" }),
    );
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(1));
    const [error, title] = vi.mocked(toastError).mock.calls[0];
    expect((error as ApiError).message).toBe("Add an email address or a mobile number first.");
    expect(title).toBe("The invitation was not sent");
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it("offers no account actions to users who may only view patients", async () => {
    rows[0] = { ...rows[0], hasSignIn: false };
    rows[1] = { ...rows[1], status: 4 };
    rows[2] = { ...rows[2], status: 1 };
    renderTeam(READ_ONLY);
    await card("Morgan Rivera");
    expect(
      screen.queryByRole("button", { name: /Deactivate|Activate and invite|Cancel invite|self sign-in/ }),
    ).toBeNull();
  });
});
