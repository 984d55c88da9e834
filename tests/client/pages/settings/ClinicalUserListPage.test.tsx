// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { toastError, toastSuccess } from "../../../../src/client/notifications/toast.ts";
import { ClinicalUserListPage } from "../../../../src/client/pages/settings/ClinicalUserListPage.tsx";
import type { ClinicalUserRecord } from "../../../../src/client/pages/settings/clinical-users-api.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { ADMIN, clinicalUser, recordedCalls, signIn } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
const apiMock = vi.mocked(api);

const casey = clinicalUser({ id: 5, status: 3 }); // Not Invited
const robin = clinicalUser({ id: 6, first_name: "Robin", full_name: "Robin Park", status: 2, roles: ["staff"] }); // Active
const sam = clinicalUser({ id: 7, first_name: "Sam", full_name: "Sam Ortiz", status: 1 }); // Inactive

let uiSettings: Record<string, unknown> = {};
let rows: ClinicalUserRecord[] = [];

const listCalls = () => recordedCalls(apiMock).filter((c) => c.path === "clinical-user");
const callsTo = (path: string) => recordedCalls(apiMock).filter((c) => c.path === path);

beforeEach(() => {
  apiMock.mockReset();
  vi.mocked(toastSuccess).mockReset();
  vi.mocked(toastError).mockReset();
  uiSettings = {};
  rows = [casey, robin, sam];
  signIn();
  apiMock.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    if (path === "settings/ui-settings") {
      if (options?.method === "POST") uiSettings = { ...uiSettings, ...(options.body as object) };
      return uiSettings as never;
    }
    if (path === "settings/general") return {} as never;
    if (path === "clinical-user") return { rows, totalRecords: rows.length } as never;
    if (path.startsWith("clinical-user/change-status/")) {
      return { user: casey, invitation: { sent: true, channel: "email", delivery: "kept" } } as never;
    }
    if (path === "clinical-user/5" && options?.method === "DELETE") return undefined as never;
    if (path.startsWith("security/reset-clinical-user-password/")) {
      return { user: robin, message: { sent: true, channel: "email", delivery: "queued" } } as never;
    }
    throw new Error(`unexpected call ${path}`);
  });
});

function renderList() {
  return renderWithProviders(<ClinicalUserListPage />, { route: "/settings/clinical-users" });
}

async function openActions(name: string) {
  fireEvent.click(await screen.findByRole("button", { name: `Account actions for ${name}` }));
}

describe("ClinicalUserListPage", () => {
  it("lists the users with role titles, each name linking to the user's page", async () => {
    renderList();
    const link = await screen.findByRole("link", { name: "Casey Lee" });
    expect(link.getAttribute("href")).toBe("/settings/clinical-users/5/edit");
    const row = screen.getByRole("row", { name: /Casey Lee/ });
    expect(within(row).getByText("Clinician, Supervisor")).toBeTruthy();
    expect(within(row).getByText("Not Invited")).toBeTruthy();
    expect(within(row).getByText("Invitation sent")).toBeTruthy();
    expect(screen.getByText("3 clinical users")).toBeTruthy();
  });

  it("asks for the list with the user's saved filters, and not before they are known", async () => {
    uiSettings = { accountStatusSelector: "4", clinicalUserRole: "clinician", noContactInfoselector: true };
    renderList();
    await screen.findByRole("link", { name: "Casey Lee" });
    expect(listCalls()).toHaveLength(1);
    expect(listCalls()[0].query).toEqual({
      page: 1,
      pageSize: 25,
      search: "",
      sort: "last_name",
      order: "asc",
      status: 4,
      roles: "clinician",
      no_contact_information: true,
    });
    expect((screen.getByLabelText("Account status") as HTMLSelectElement).value).toBe("4");
    expect((screen.getByLabelText("Roles") as HTMLSelectElement).value).toBe("clinician");
    expect((screen.getByLabelText("No contact information") as HTMLInputElement).checked).toBe(true);
  });

  it("filters by status, role and missing contact information, and saves each choice for next time", async () => {
    renderList();
    await screen.findByRole("link", { name: "Casey Lee" });
    expect(listCalls()[0].query).toMatchObject({
      status: undefined,
      roles: undefined,
      no_contact_information: undefined,
    });

    fireEvent.change(screen.getByLabelText("Account status"), { target: { value: "1" } });
    await waitFor(() => expect(listCalls().at(-1)?.query).toMatchObject({ status: 1 }));
    fireEvent.change(screen.getByLabelText("Roles"), { target: { value: "supervisor" } });
    await waitFor(() => expect(listCalls().at(-1)?.query).toMatchObject({ status: 1, roles: "supervisor" }));
    fireEvent.click(screen.getByLabelText("No contact information"));
    await waitFor(() =>
      expect(listCalls().at(-1)?.query).toMatchObject({ status: 1, roles: "supervisor", no_contact_information: true }),
    );

    expect(
      callsTo("settings/ui-settings")
        .filter((c) => c.method === "POST")
        .map((c) => c.body),
    ).toEqual([{ accountStatusSelector: "1" }, { clinicalUserRole: "supervisor" }, { noContactInfoselector: true }]);
    // Back to everyone.
    fireEvent.change(screen.getByLabelText("Account status"), { target: { value: "all" } });
    await waitFor(() => expect(listCalls().at(-1)?.query).toMatchObject({ status: undefined, roles: "supervisor" }));
  });

  it("searches on the server once typing settles", async () => {
    renderList();
    await screen.findByRole("link", { name: "Casey Lee" });
    const search = screen.getByLabelText("Search clinical users");
    for (const typed of ["l", "le", " lee "]) fireEvent.change(search, { target: { value: typed } });
    await waitFor(() => expect(listCalls().some((c) => c.query?.search === "lee")).toBe(true));
    expect(listCalls().map((c) => c.query?.search)).toEqual(["", "lee"]);
  });

  it("offers each status its own actions", async () => {
    renderList();
    const labels = async (name: string) => {
      await openActions(name);
      const items = screen.getAllByRole("menuitem").map((i) => i.textContent);
      fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
      await waitFor(() => expect(screen.queryAllByRole("menuitem")).toHaveLength(0));
      return items;
    };
    expect(await labels("Casey Lee")).toEqual(["Invite", "Deactivate", "Delete"]);
    expect(await labels("Robin Park")).toEqual(["Reset password", "Deactivate"]);
    expect(await labels("Sam Ortiz")).toEqual(["Activate and invite"]);
  });

  it("invites a user through change-status and says where the invitation went", async () => {
    renderList();
    await openActions("Casey Lee");
    fireEvent.click(screen.getByRole("menuitem", { name: "Invite" }));
    await waitFor(() => expect(callsTo("clinical-user/change-status/5")).toHaveLength(1));
    expect(callsTo("clinical-user/change-status/5")[0]).toMatchObject({ method: "POST", body: { action: "invite" } });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalled());
    expect(vi.mocked(toastSuccess).mock.calls[0][0]).toMatch(/^Invitation sent to Casey Lee\. .*outbox/);
    // The list is asked again, to show the new status.
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(1));
  });

  it("asks before deactivating, saying past results are kept, then deactivates", async () => {
    renderList();
    await openActions("Casey Lee");
    fireEvent.click(screen.getByRole("menuitem", { name: "Deactivate" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate Casey Lee?" });
    expect(within(dialog).getByText(/Past results are kept/)).toBeTruthy();
    expect(callsTo("clinical-user/change-status/5")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(callsTo("clinical-user/change-status/5")).toHaveLength(1));
    expect(callsTo("clinical-user/change-status/5")[0].body).toEqual({ action: "deactivate" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("deletes a user added by mistake, after asking", async () => {
    renderList();
    await openActions("Casey Lee");
    fireEvent.click(screen.getByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Casey Lee?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(callsTo("clinical-user/5")).toEqual([{ path: "clinical-user/5", method: "DELETE" }]));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Casey Lee was deleted."));
  });

  it("cancelling the dialog changes nothing", async () => {
    renderList();
    await openActions("Casey Lee");
    fireEvent.click(screen.getByRole("menuitem", { name: "Deactivate" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo("clinical-user/change-status/5")).toHaveLength(0);
  });

  it("shows the server's refusal in the dialog", async () => {
    const refusal = "This user is already inactive.";
    const base = apiMock.getMockImplementation();
    apiMock.mockImplementation(async (path: string, options?: unknown) => {
      if (path.startsWith("clinical-user/change-status/")) throw new ApiError(400, refusal, "invalid_status");
      return base?.(path, options as never) as never;
    });
    renderList();
    await openActions("Casey Lee");
    fireEvent.click(screen.getByRole("menuitem", { name: "Deactivate" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
  });

  it("resets an active user's password through the admin reset call, after asking", async () => {
    renderList();
    await openActions("Robin Park");
    fireEvent.click(screen.getByRole("menuitem", { name: "Reset password" }));
    const dialog = await screen.findByRole("dialog", { name: "Reset Robin Park's password?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reset password" }));
    await waitFor(() => expect(callsTo("security/reset-clinical-user-password/6")).toHaveLength(1));
    expect(callsTo("security/reset-clinical-user-password/6")[0].method).toBe("POST");
  });

  it("activates and invites an inactive user at once", async () => {
    renderList();
    await openActions("Sam Ortiz");
    fireEvent.click(screen.getByRole("menuitem", { name: "Activate and invite" }));
    await waitFor(() => expect(callsTo("clinical-user/change-status/7")).toHaveLength(1));
    expect(callsTo("clinical-user/change-status/7")[0].body).toEqual({ action: "activate_and_invite" });
  });

  it("offers no way to deactivate or reset one's own account", async () => {
    signIn({ ...ADMIN, id: 6 });
    renderList();
    await screen.findByRole("link", { name: "Robin Park" });
    expect(screen.queryByRole("button", { name: "Account actions for Robin Park" })).toBeNull();
  });
});
