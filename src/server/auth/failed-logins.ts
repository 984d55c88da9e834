import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

/**
 * A correct password (or another proof: setup link, reset key, access code) stamps the sign-in
 * time. Wrong passwords are throttled in sign-in-throttle.ts; the former hard lock is gone
 * (issue 8 §3), and its columns are cleared here so that no lock set before lingers.
 */
export async function recordSuccessfulLogin(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable("app_user")
    .set({ failed_logins: 0, locked_until: null, last_login_at: sql<Date>`now()` })
    .where("id", "=", userId)
    .execute();
}
