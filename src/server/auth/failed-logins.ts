import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

/** Consecutive wrong passwords that lock an account, and for how long (issue 2 §3). */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;

/**
 * Counts one wrong password in a single statement, so concurrent guesses cannot slip past the
 * limit. A lock that has run out starts a fresh count. While a lock is in force nothing is
 * counted (the lock is not extended by an attacker's further guesses, which would let anyone
 * keep a colleague locked out indefinitely). Returns whether this failure set the lock.
 */
export async function recordFailedPassword(db: Kysely<Database>, userId: number): Promise<{ locked: boolean }> {
  const result = await sql<{ locked: boolean }>`
    with prior as (
      select id,
        case when locked_until is not null and locked_until <= now() then 0 else failed_logins end as failures
      from app_user
      where id = ${userId} and (locked_until is null or locked_until <= now())
      for update
    )
    update app_user u set
      failed_logins = prior.failures + 1,
      locked_until = case when prior.failures + 1 >= ${LOCK_AFTER_FAILURES}::int
        then now() + make_interval(mins => ${LOCK_MINUTES}::int) else null end
    from prior
    where u.id = prior.id
    returning u.locked_until is not null as locked`.execute(db);
  return { locked: result.rows[0]?.locked ?? false };
}

/** A correct password ends the count and any lock that has run out, and stamps the sign-in time. */
export async function recordSuccessfulLogin(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable("app_user")
    .set({ failed_logins: 0, locked_until: null, last_login_at: sql<Date>`now()` })
    .where("id", "=", userId)
    .execute();
}
