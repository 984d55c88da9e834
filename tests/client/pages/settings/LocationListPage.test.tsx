// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { toastSuccess } from "../../../../src/client/notifications/toast.ts";
import { LocationListPage } from "../../../../src/client/pages/settings/LocationListPage.tsx";
import type { LocationRecord } from "../../../../src/client/pages/settings/locations-api.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { mainStreet, recordedCalls, riverside, signIn } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
const apiMock = vi.mocked(api);

const northside: LocationRecord = { ...riverside, id: 2, name: "Northside Youth Services" };
const users = [
  { id: 11, full_name: "Casey Lee", user_type: "clinical", status: 2, roles: ["clinician"], other_locations: 0 },
  { id: 12, full_name: "Robin Park", user_type: "clinical", status: 2, roles: ["staff"], other_locations: 1 },
];

/** What DELETE location/{id} answers; a string is the server's refusal. */
let deleteAnswer: string | null = null;

const calls = () => recordedCalls(apiMock).filter((c) => c.method !== "GET");

beforeEach(() => {
  apiMock.mockReset();
  vi.mocked(toastSuccess).mockReset();
  deleteAnswer = null;
  signIn();
  apiMock.mockImplementation(async (path: string, options?: { method?: string }) => {
    const method = options?.method ?? "GET";
    if (path === "location" && method === "GET") {
      return { rows: [mainStreet, northside, riverside], totalRecords: 3 } as never;
    }
    if (path === "location/for-list") {
      return {
        rows: [mainStreet, northside, riverside].map(({ id, name }) => ({ id, name })),
        totalRecords: 3,
      } as never;
    }
    if (path === "location/1/users") return { rows: users, totalRecords: 2 } as never;
    if (path === "location/3/users") return { rows: [], totalRecords: 0 } as never;
    if (path === "location/reassign") return { fromLocationId: 1, toLocationId: 3, moved: 2 } as never;
    if (path.startsWith("location/") && method === "DELETE") {
      if (deleteAnswer) throw new ApiError(400, deleteAnswer, "location_in_use");
      return undefined as never;
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
});

async function startDelete(name: string) {
  renderWithProviders(<LocationListPage />, { route: "/settings/locations" });
  fireEvent.click(await screen.findByRole("button", { name: `Delete ${name}` }));
  return screen.findByRole("dialog", { name: `Delete ${name}` });
}

describe("LocationListPage", () => {
  it("lists the locations with their state names, each linking to its edit page", async () => {
    renderWithProviders(<LocationListPage />, { route: "/settings/locations" });
    const link = await screen.findByRole("link", { name: "Main Street Clinic" });
    expect(link.getAttribute("href")).toBe("/settings/locations/1/edit");
    expect(within(screen.getByRole("row", { name: /Main Street Clinic/ })).getByText("Illinois")).toBeTruthy();
    expect(screen.getByText("3 locations")).toBeTruthy();
  });

  it("deletes a location nobody works at after a confirmation", async () => {
    const dialog = await startDelete("Riverside Counseling Center");
    fireEvent.click(await within(dialog).findByRole("button", { name: "Delete location" }));
    await waitFor(() =>
      expect(calls()).toEqual([{ path: "location/3", method: "DELETE", query: undefined, body: undefined }]),
    );
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Location deleted"));
  });

  it("moves the users of a location in use to the chosen location, then deletes it", async () => {
    const dialog = await startDelete("Main Street Clinic");
    expect(await within(dialog).findByText("Casey Lee")).toBeTruthy();
    expect(within(dialog).getByText("Robin Park")).toBeTruthy();
    const target = within(dialog).getByLabelText("Move users to") as HTMLSelectElement;
    // The location being deleted is no target.
    expect([...target.options].map((o) => o.textContent)).toEqual([
      "Select a location",
      "Northside Youth Services",
      "Riverside Counseling Center",
    ]);

    // Nothing happens until a target is chosen.
    fireEvent.click(within(dialog).getByRole("button", { name: "Move users and delete" }));
    expect(await within(dialog).findByText("Choose the location to move the users to")).toBeTruthy();
    expect(calls()).toEqual([]);

    fireEvent.change(target, { target: { value: "3" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Move users and delete" }));
    await waitFor(() => expect(calls()).toHaveLength(2));
    expect(calls()).toEqual([
      { path: "location/reassign", method: "PUT", query: undefined, body: { fromLocationId: 1, toLocationId: 3 } },
      { path: "location/1", method: "DELETE", query: undefined, body: undefined },
    ]);
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith("Location deleted. 2 users moved to Riverside Counseling Center."),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says in the server's words why a location was not deleted, and that its users did move", async () => {
    deleteAnswer = "This location is used by 1 program. Move them to another location before deleting it.";
    const dialog = await startDelete("Main Street Clinic");
    fireEvent.change(await within(dialog).findByLabelText("Move users to"), { target: { value: "2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Move users and delete" }));
    expect(
      await within(dialog).findByText(
        "2 users moved to Northside Youth Services, but the location was not deleted: This location is used by 1 program. Move them to another location before deleting it.",
      ),
    ).toBeTruthy();
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
