// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { toastInfo, toastSuccess } from "../../../../src/client/notifications/toast.ts";
import { ClinicalUserEditor } from "../../../../src/client/pages/settings/ClinicalUserEditor.tsx";
import { TeamEditor } from "../../../../src/client/pages/settings/TeamEditor.tsx";
import { TeamListPage } from "../../../../src/client/pages/settings/TeamListPage.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { clinicalUser, recordedCalls, signIn } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
const apiMock = vi.mocked(api);

const people = {
  rows: [
    { id: 2, full_name: "Samuel Okonkwo", status: 2 },
    { id: 5, full_name: "Casey Lee", status: 2 },
  ],
  totalRecords: 2,
};
const team = { id: 9, name: "Outpatient Team", clinicians: [5], clinician_names: ["Casey Lee"], patient_count: 4 };

type Handler = (path: string, options: { method?: string; query?: Record<string, unknown>; body?: unknown }) => unknown;
let extra: Handler = () => {
  throw new Error("unexpected call");
};

beforeEach(() => {
  apiMock.mockReset();
  vi.mocked(toastInfo).mockReset();
  vi.mocked(toastSuccess).mockReset();
  signIn();
  apiMock.mockImplementation(async (path: string, options = {}) => {
    if (path === "location/for-list")
      return { rows: [{ id: 1, name: "Main Street Clinic" }], totalRecords: 1 } as never;
    if (path.startsWith("clinical-user/by-role/")) return people as never;
    if (path === "settings/ui-settings" || path === "settings/general") return {} as never;
    return extra(path, options as never) as never;
  });
});

const calls = (path: string) => recordedCalls(apiMock).filter((c) => c.path === path);

function errorOf(label: string): string | null {
  const id = screen
    .getByLabelText(label)
    .getAttribute("aria-describedby")
    ?.split(" ")
    .find((d) => d.endsWith("-error"));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe("ClinicalUserEditor", () => {
  it("checks a provider id when its field is left and says 'Id already in use'", async () => {
    extra = (path) => {
      if (path === "clinical-user/validate-provider-id-available")
        return { available: false, message: "Id already in use" };
      throw new Error(`unexpected call ${path}`);
    };
    const casey = clinicalUser({ id: 5, provider_id: null });
    renderWithProviders(<ClinicalUserEditor user={casey} />);
    const field = screen.getByLabelText("Provider id");
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: "NPI42" } });
    fireEvent.blur(field);
    await waitFor(() => expect(errorOf("Provider id")).toBe("Id already in use"));
    // The check leaves the user being edited out of the comparison.
    expect(calls("clinical-user/validate-provider-id-available")[0].query).toEqual({
      provider_id: "NPI42",
      clinician_id: 5,
    });
  });

  it("offers only the roles an admin may give, keeping a held role that is not offered", async () => {
    renderWithProviders(<ClinicalUserEditor user={clinicalUser({ roles: ["director"] })} />);
    const roles = screen.getByLabelText("Roles");
    // The held role shows as a pill, under its title.
    expect(within(roles.closest(".mantine-MultiSelect-root") as HTMLElement).getByText("Director")).toBeTruthy();
    fireEvent.click(roles);
    const offered = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(offered).toEqual(["Clinician", "Supervisor", "Staff", "Admin"]);
  });

  it("saves the user and explains when the supervisor rule removed their supervisors", async () => {
    extra = (path, options) => {
      if (path === "clinical-user/5" && options.method === "PUT") {
        return { ...clinicalUser({ id: 5 }), ...(options.body as object), superiors: [] };
      }
      throw new Error(`unexpected call ${path}`);
    };
    const casey = clinicalUser({ id: 5, roles: ["clinician", "supervisor"], superiors: [2] });
    renderWithProviders(<ClinicalUserEditor user={casey} />);
    fireEvent.click(screen.getByRole("button", { name: "Save clinical user" }));
    await waitFor(() => expect(calls("clinical-user/5")).toHaveLength(1));
    expect(calls("clinical-user/5")[0]).toMatchObject({
      method: "PUT",
      body: {
        first_name: "Casey",
        last_name: "Lee",
        roles: ["clinician", "supervisor"],
        locations: [1],
        superiors: [2],
      },
    });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Clinical user updated"));
    expect(toastInfo).toHaveBeenCalledWith(
      "A supervisor cannot be supervised, so this user's supervisors were removed.",
    );
  });

  it("shows the server's field errors under their fields", async () => {
    extra = (path) => {
      if (path === "clinical-user") {
        throw new ApiError(400, "Some fields need your attention.", "validation", [
          { field: "locations", message: "Location is not valid" },
        ]);
      }
      throw new Error(`unexpected call ${path}`);
    };
    renderWithProviders(<ClinicalUserEditor user={{ ...clinicalUser({}), id: undefined as never }} />);
    fireEvent.click(screen.getByRole("button", { name: "Save clinical user" }));
    await waitFor(() => expect(errorOf("Locations")).toBe("Location is not valid"));
  });
});

describe("clinician teams", () => {
  it("checks a team name when its field is left", async () => {
    extra = (path) => {
      if (path === "clinician-team/check-name") return { available: false };
      throw new Error(`unexpected call ${path}`);
    };
    renderWithProviders(<TeamEditor team={team} />);
    const name = screen.getByLabelText("Team name");
    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: "Intake Team" } });
    fireEvent.blur(name);
    await waitFor(() => expect(errorOf("Team name")).toBe("Team name already in use"));
    expect(calls("clinician-team/check-name")[0].query).toEqual({ name: "Intake Team", id: 9 });
  });

  it("shows why the server would not delete a team", async () => {
    const refusal = "This team is assigned to 4 patients. Assign them to another clinician or team before deleting it.";
    extra = (path, options) => {
      if (path === "clinician-team" && !options.method) return { rows: [team], totalRecords: 1 };
      if (path === "clinician-team/9" && options.method === "DELETE") throw new ApiError(400, refusal, "team_in_use");
      throw new Error(`unexpected call ${path}`);
    };
    renderWithProviders(<TeamListPage />, { route: "/settings/clinical-team" });
    fireEvent.click(await screen.findByRole("button", { name: "Delete Outpatient Team" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Outpatient Team" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete team" }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
