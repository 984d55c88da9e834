// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { sessionStore } from "../../../../src/client/auth/session-store.ts";
import { AlertListPage } from "../../../../src/client/pages/alerts/AlertListPage.tsx";
import { overdueText, waitedFor } from "../../../../src/client/pages/alerts/alert-overdue.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { alertRow } from "../measures/fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);
const HOUR = 3_600_000;

beforeEach(() => {
  apiMock.mockReset();
  const raised = new Date(Date.now() - 30 * HOUR - 60_000).toISOString();
  apiMock.mockImplementation(async (path, options) => {
    if (path === "measure-alerts") {
      const status = (options?.query as { status?: string })?.status;
      return {
        rows: [
          alertRow({ id: 90, time: raised, overdue: true, escalated_at: raised, patient: "Late Patient" }),
          alertRow({ id: 91, overdue: false, patient: "Recent Patient" }),
        ],
        totalRecords: 2,
        status,
        patientSelector: "my",
        views: ["my"],
      } as never;
    }
    if (path === "settings/ui-settings") return {} as never;
    throw new ApiError(404, "No route", "not_found");
  });
  sessionStore.set({
    status: "signedIn",
    user: {
      id: 3,
      username: "clinician",
      firstName: "Taylor",
      lastName: "Brooks",
      roles: ["clinician"],
      permissions: ["patients.viewAssigned", "patients.write"],
      status: 2,
      user_type: "clinical",
    },
  });
});
afterEach(() => sessionStore.set({ status: "anonymous" }));

describe("overdue alerts", () => {
  it("says how long an alert has waited, in hours then days", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(waitedFor("2026-11-24T11:00:00Z", now)).toBe("25 hours");
    expect(waitedFor("2026-11-25T11:00:00Z", now)).toBe("1 hour");
    expect(waitedFor("2026-11-20T12:00:00Z", now)).toBe("5 days");
    expect(overdueText("2026-11-24T11:00:00Z", now)).toBe("Overdue: not acknowledged 25 hours after it was raised");
  });

  it("marks the server's overdue alerts, and offers newest first as the other order", async () => {
    renderWithProviders(<AlertListPage />, { route: "/clinician/alert-list" });
    const [late, recent] = await screen.findAllByRole("alert");
    expect(within(late).getByText("Overdue")).toBeTruthy();
    expect(late.textContent).toContain("Overdue: not acknowledged 30 hours after it was raised");
    expect(late.textContent).toContain("reminder sent to its clinicians and supervisors");
    expect(late.getAttribute("data-overdue")).toBe("true");
    expect(within(recent).queryByText("Overdue")).toBeNull();
    expect(recent.textContent).not.toContain("not acknowledged");

    expect((screen.getByLabelText("Order") as HTMLSelectElement).value).toBe("overdue");
    fireEvent.change(screen.getByLabelText("Order"), { target: { value: "newest" } });
    await waitFor(() => {
      const sorts = apiMock.mock.calls
        .filter(([p]) => p === "measure-alerts")
        .map(([, o]) => (o?.query as { sort?: string } | undefined)?.sort);
      expect(sorts).toEqual(["overdue", "newest"]);
    });
  });
});
