import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

export const USERNAME_IN_USE = "Username already in use";
const USERNAME_INDEX = "app_user_username_key";

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

/** Two accounts claiming one username at once: the second trips the unique index. */
export function isUsernameUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== "23505") return false;
  return e.constraint === USERNAME_INDEX || (typeof e.message === "string" && e.message.includes(USERNAME_INDEX));
}
