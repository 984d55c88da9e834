import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import { onUniqueViolation } from "../db/pg-errors.ts";
import { badRequest } from "../http/http-error.ts";

export const USERNAME_IN_USE = "Username already in use";
const USERNAME_INDEX = "app_user_username_key";

/** The answer to a username someone else holds, on the form's username field. */
export const usernameInUse = () => badRequest([{ field: "username", message: USERNAME_IN_USE }]);

/** Whether a username is taken by another account (usernames are unique without regard to case). */
export async function usernameTaken(
  db: Kysely<Database>,
  username: string,
  exceptUserId: number | null,
): Promise<boolean> {
  let query = db.selectFrom("app_user").select("id").where(sql`lower(username)`, "=", sql<string>`lower(${username})`);
  if (exceptUserId !== null) query = query.where("id", "<>", exceptUserId);
  return Boolean(await query.executeTakeFirst());
}

/** Runs a save of a username checked free: two accounts claiming it at once trip the unique index, and the second hears usernameInUse. */
export function onUsernameRace<T>(save: () => Promise<T>): Promise<T> {
  return onUniqueViolation(USERNAME_INDEX, usernameInUse, save);
}
