import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "../../src/server/db/database-types.ts";
import { createTestApp, type DATABASES, type TestApp } from "./test-app.ts";
import { authHeader, createUser } from "./users.ts";

export type Headers = { authorization: string };

/** The roles the settings routes are tested with, each a signed-in user. */
export const ROLE_NAMES = ["admin", "staff", "clinician", "supervisor", "director", "respondent"] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface RoleUsers {
  ids: Record<RoleName, number>;
  headers: Record<RoleName, Headers>;
}

/** One active user per role (usernames prefixed so files never collide), with their Authorization headers. */
export async function signInEachRole(db: Kysely<Database>, prefix = "r"): Promise<RoleUsers> {
  const ids = {} as Record<RoleName, number>;
  const headers = {} as Record<RoleName, Headers>;
  for (const role of ROLE_NAMES) {
    ids[role] = await createUser(db, {
      username: `${prefix}-${role}`,
      roles: [role],
      userType: role === "respondent" ? "patient" : "clinical",
      firstName: role[0].toUpperCase() + role.slice(1),
      lastName: "Tester",
    });
    headers[role] = await authHeader(db, ids[role]);
  }
  return { ids, headers };
}

/** Inserts a location directly (for setting up a test, not for testing the location routes). */
export async function insertLocation(db: Kysely<Database>, name: string): Promise<number> {
  const { id } = await db.insertInto("location").values({ name }).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function giveLocations(db: Kysely<Database>, userId: number, locationIds: number[]): Promise<void> {
  await db
    .insertInto("user_location")
    .values(locationIds.map((location_id) => ({ user_id: userId, location_id })))
    .execute();
}

/**
 * A request whose body, when given, is sent as JSON text whatever it is (null, a string, an
 * array), so malformed bodies reach the validator instead of stopping at the content type.
 */
export function requestJson(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Headers | Record<string, never>,
  payload?: unknown,
) {
  if (payload === undefined) return app.inject({ method, url, headers });
  return app.inject({
    method,
    url,
    headers: { ...headers, "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** A settings suite's app: the test app, one signed-in user per role, and requests as the admin. */
export interface SettingsSuite extends TestApp {
  roles: RoleUsers;
  /** The admin's headers: the settings routes are mostly admin-only, so most calls are theirs. */
  admin: Headers;
  /** A JSON request (requestJson) as the admin unless other headers are given. */
  call(
    method: Method,
    url: string,
    payload?: unknown,
    headers?: Headers | Record<string, never>,
  ): ReturnType<typeof requestJson>;
}

/**
 * Registers the hooks a settings suite starts and ends with: a fresh app on `database` (with
 * `opts` as createTestApp takes them) and one signed-in user per role, usernames prefixed with
 * `prefix`, closed after the suite. The fields are filled in by that beforeAll, so read them in
 * hooks and tests, not while the suite is being declared; hooks the suite adds run after it.
 */
export function settingsSuite(
  database: (typeof DATABASES)[number],
  prefix: string,
  opts?: Parameters<typeof createTestApp>[1],
): SettingsSuite {
  const suite = {
    call: (method: Method, url: string, payload?: unknown, headers: Headers | Record<string, never> = suite.admin) =>
      requestJson(suite.app, method, url, headers, payload),
  } as SettingsSuite;
  beforeAll(async () => {
    const app = await createTestApp(database, opts);
    const roles = await signInEachRole(app.db, prefix);
    Object.assign(suite, app, { roles, admin: roles.headers.admin });
  });
  afterAll(async () => suite.close?.());
  return suite;
}
