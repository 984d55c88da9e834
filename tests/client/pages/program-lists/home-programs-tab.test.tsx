// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../../../generated/types/entities/user.ts";
import { api } from "../../../../src/client/api/http.ts";
import { endSessionLocally } from "../../../../src/client/auth/session-actions.ts";
import { sessionStore } from "../../../../src/client/auth/session-store.ts";
import { STORAGE_KEYS } from "../../../../src/client/local-store.ts";
import { HomePage } from "../../../../src/client/pages/home/HomePage.tsx";
import { openedProgramsKey } from "../../../../src/client/pages/program-lists/opened-programs.ts";
import { GENERAL_SETTINGS_KEY } from "../../../../src/client/settings/useGeneralSettings.ts";
import { renderWithProviders, testQueryClient } from "../../renderers/test-utils.tsx";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

const USER = { id: 7, username: "clin", first_name: "Casey", last_name: "Lin", roles: ["clinician"] } as never;

function renderHome(programsEnabled: boolean, route = "/clinician/home") {
  const client = testQueryClient();
  client.setQueryData(GENERAL_SETTINGS_KEY, { programs_enabled: programsEnabled });
  return renderWithProviders(<HomePage />, { route, client });
}

beforeEach(() => {
  window.localStorage.clear();
  sessionStore.set({ status: "signedIn", user: USER as SessionUser });
  apiMock.mockReset();
  apiMock.mockImplementation(async (path: string) => {
    if (path === "program-lists/programs") return { rows: [], totalRecords: 0 } as never;
    return { rows: [], totalRecords: 0, totalAccuracy: "exact", nextCursor: null } as never;
  });
});

describe("Home's Programs tab", () => {
  it("sits between This week and New results while the clinic works with programs", async () => {
    renderHome(true);
    const tabs = screen.getAllByRole("tab").map((t) => t.textContent);
    expect(tabs.slice(0, 4)).toEqual(["Today", "This week", "Programs", "New results"]);
    fireEvent.click(screen.getByRole("tab", { name: "Programs" }));
    expect(await screen.findByText("You are not on any program yet.")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "My programs", selected: true })).toBeTruthy();
  });

  it("is not there while programs are off, even when the address asks for it", async () => {
    renderHome(false, "/clinician/home?tab=programs");
    expect(screen.queryByRole("tab", { name: "Programs" })).toBeNull();
    expect(screen.getByRole("tab", { name: "Today", selected: true })).toBeTruthy();
    expect(apiMock.mock.calls.map(([path]) => path)).not.toContain("program-lists/programs");
  });
});

describe("opened programs in this browser", () => {
  it("outlive signing out, unlike the rest of the session's local state", () => {
    window.localStorage.setItem(openedProgramsKey(7, "my"), '["1"]');
    window.localStorage.setItem(STORAGE_KEYS.lastActivity, "1");
    endSessionLocally("sign-out");
    expect(window.localStorage.getItem(openedProgramsKey(7, "my"))).toBe('["1"]');
    expect(window.localStorage.getItem(STORAGE_KEYS.lastActivity)).toBeNull();
  });
});
