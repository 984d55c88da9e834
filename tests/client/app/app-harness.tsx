import { useQuery } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { vi } from "vitest";
import type { SessionUser } from "../../../generated/types/entities/user.ts";
import { api } from "../../../src/client/api/http.ts";
import { resetRenewalForTests } from "../../../src/client/api/renewal.ts";
import { storeTokens } from "../../../src/client/api/tokens.ts";
import { AppProviders } from "../../../src/client/app/AppProviders.tsx";
import { appRoutes } from "../../../src/client/app/routes.tsx";
import { sessionStore } from "../../../src/client/auth/session-store.ts";
import { queryClient } from "../../../src/client/query-client.ts";
import { type FakeHandler, type FakeRequest, installFetch, json } from "./fake-fetch.ts";
import { tokenExpiringIn } from "./jwt.ts";

/** The whole client app in a memory router, with a fake server: shared by the client UI tests. */
export const clinician: SessionUser = {
  id: 7,
  username: "clinician",
  firstName: "Casey",
  lastName: "Lee",
  roles: ["clinician"],
  permissions: ["measures.preview", "patients.viewAssigned", "patients.write"],
  status: 2,
  user_type: "clinical",
};

export const respondent: SessionUser = {
  id: 9,
  username: "parent",
  firstName: "Robin",
  lastName: "Parent",
  roles: ["respondent"],
  permissions: ["respondent.account", "respondent.session"],
  status: 2,
  user_type: "patient",
};

function PatientsProbe() {
  // A screen that loads server data, as the patient list does.
  const query = useQuery({ queryKey: ["probe"], queryFn: () => api<{ rows: unknown[] }>("patients") });
  return <h1>Patient list {query.data ? `(${query.data.rows.length})` : ""}</h1>;
}

const clinicianRoutes = [
  { path: "home", element: <h1>Clinician home</h1> },
  { path: "patients", element: <PatientsProbe /> },
  { path: "patients/add", element: <h1>Add a patient</h1> },
];

/** The server: settings answer `settings` (default {}), UI settings {}; other routes as the test says. */
export function serve(
  extra: FakeHandler = () => json(404, { error: "No route", code: "not_found" }),
  settings: Record<string, unknown> = {},
): FakeRequest[] {
  return installFetch((r) => {
    if (r.path === "/api/settings/general") return json(200, settings);
    if (r.path === "/api/settings/ui-settings") return json(200, {});
    return extra(r);
  });
}

export function signedIn(user: SessionUser) {
  storeTokens({ accessToken: tokenExpiringIn(900, String(user.id)) });
  sessionStore.set({ status: "signedIn", user });
}

export function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes({ clinicianRoutes, checkVersion: false }), { initialEntries: [path] });
  render(
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

export const SLOW = { timeout: 5_000 };

export function resetApp(): void {
  localStorage.clear();
  queryClient.clear();
  resetRenewalForTests();
  sessionStore.set({ status: "anonymous" });
}

export function tearDownApp(): void {
  cleanup();
  vi.unstubAllGlobals();
}
