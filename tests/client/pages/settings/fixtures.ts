import { configure } from "@testing-library/react";
import type { vi } from "vitest";
import type { SessionUser } from "../../../../generated/types/entities/user.ts";
import { sessionStore } from "../../../../src/client/auth/session-store.ts";
import type { ClinicalUserRecord } from "../../../../src/client/pages/settings/clinical-users-api.ts";
import type { LocationRecord } from "../../../../src/client/pages/settings/locations-api.ts";
import { permissionsFor } from "../../../../src/shared/permissions.ts";

// The first render of a file loads Mantine and rjsf: on a busy machine that takes over a second.
configure({ asyncUtilTimeout: 5_000 });

export function sessionUser(id: number, roles: SessionUser["roles"]): SessionUser {
  return {
    id,
    username: roles[0],
    firstName: "Dana",
    lastName: "Whitfield",
    roles,
    permissions: permissionsFor(roles),
    status: 2,
    user_type: "clinical",
  };
}

export const ADMIN = sessionUser(1, ["admin"]);

export function signIn(user: SessionUser = ADMIN): void {
  sessionStore.set({ status: "signedIn", user });
}

export function clinicalUser(overrides: Partial<ClinicalUserRecord>): ClinicalUserRecord {
  return {
    id: 5,
    first_name: "Casey",
    last_name: "Lee",
    full_name: "Casey Lee",
    email: "casey@example.org",
    mobile_number: null,
    username: null,
    provider_id: null,
    status: 3,
    roles: ["clinician", "supervisor"],
    locations: [1],
    location_names: ["Main Street Clinic"],
    superiors: [],
    subordinates: [],
    contact_information: "casey@example.org",
    last_login: null,
    last_activity_code: 2,
    last_activity_at: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

export const mainStreet: LocationRecord = {
  id: 1,
  uuid: "a",
  name: "Main Street Clinic",
  address_line1: "120 Main Street",
  city: "Springfield",
  state: "IL",
  state_name: "Illinois",
  zip: "62701",
  user_count: 2,
};

export const riverside: LocationRecord = {
  ...mainStreet,
  id: 3,
  uuid: "c",
  name: "Riverside Counseling Center",
  user_count: 0,
};

export type ApiCall = { path: string; method: string; query?: Record<string, unknown>; body?: unknown };

type ApiOptions = { method?: string; query?: Record<string, unknown>; body?: unknown };

/** The calls the page made to the mocked `api`, in order (GET when no method was given). */
export function recordedCalls(mock: ReturnType<typeof vi.fn>): ApiCall[] {
  return mock.mock.calls.map(([path, options]) => {
    const o = (options ?? {}) as ApiOptions;
    return { path: path as string, method: o.method ?? "GET", query: o.query, body: o.body };
  });
}
