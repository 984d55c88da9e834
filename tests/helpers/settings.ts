import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../src/server/db/database-types.ts";
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

/** Activity log codes of a user, oldest first. */
export async function activityCodes(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("activity_log").select("code").where("user_id", "=", userId).orderBy("id").execute();
  return rows.map((r) => r.code);
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
