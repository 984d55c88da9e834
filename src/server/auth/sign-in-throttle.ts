import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

/**
 * Throttling of password guesses (issue 8 §3), replacing the hard lock anyone could trigger.
 * Failures are counted in the database (every node sees the same count) under three keys:
 * - pair: one username from one address: an attacker hammering one account from one place;
 * - ip: one address over every username: password spraying (generous: a clinic behind one NAT
 *   address shares it);
 * - user: one username from anywhere: a distributed attack on one account (between the two).
 * Up to a scope's free failures nothing happens; each further failure blocks the key for a delay
 * that doubles up to the scope's ceiling. While a key is blocked, attempts are answered 429 with
 * Retry-After and are not checked (so they cannot be used to guess, and do not count). Because
 * the pair blocks first, the account's owner signing in from another address is not held up by
 * one attacker's failures: nothing locks, everything only slows down.
 */
export interface ThrottleScope {
  free: number;
  baseSeconds: number;
  maxSeconds: number;
}
export type ThrottlePolicy = Record<"pair" | "user" | "ip", ThrottleScope>;
type Scope = keyof ThrottlePolicy;

/** The defaults; the address scope's free failures is SIGN_IN_FREE_FAILURES_PER_ADDRESS. */
export function throttlePolicy(freePerAddress = 20): ThrottlePolicy {
  return {
    pair: { free: 5, baseSeconds: 15, maxSeconds: 15 * 60 },
    user: { free: 10, baseSeconds: 5, maxSeconds: 5 * 60 },
    ip: { free: freePerAddress, baseSeconds: 15, maxSeconds: 15 * 60 },
  };
}

/** Failures older than this start a fresh count. */
const WINDOW_MINUTES = 60;
/** The owner is told at most once per this period that sign-in attempts were blocked. */
const NOTICE_EVERY_HOURS = 24;

export const TOO_MANY_SIGN_IN_ATTEMPTS = "Too many sign-in attempts. Please wait a moment and try again.";

export interface ThrottleKeys {
  pair: string;
  user: string;
  ip: string;
}

/** The keys of an attempt. Usernames compare case-insensitively, as sign-in does. */
export function throttleKeys(username: string, ip: string): ThrottleKeys {
  const name = username.trim().toLowerCase();
  return { pair: `pair:${name}|${ip}`, user: `user:${name}`, ip: `ip:${ip}` };
}

/** Seconds until the attempt may be made, or 0 when none of its keys is blocked. */
export async function throttleWait(db: Kysely<Database>, keys: ThrottleKeys): Promise<number> {
  const row = await db
    .selectFrom("sign_in_throttle")
    .select(sql<number>`ceil(extract(epoch from max(blocked_until) - now()))::int`.as("wait"))
    .where("key", "in", [keys.pair, keys.user, keys.ip])
    .where("blocked_until", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return Math.max(0, Number(row?.wait ?? 0));
}

/**
 * Counts one failure under each key in one statement per key (concurrent failures cannot both
 * read the old count). Returns whether the attempt's username is now blocked (pair or user
 * scope) and whether its owner is due a notice; the caller sends it, and the notice time is
 * stamped here so that concurrent failures send one notice, not several.
 */
export async function recordSignInFailure(
  db: Kysely<Database>,
  policy: ThrottlePolicy,
  keys: ThrottleKeys,
): Promise<{ usernameBlocked: boolean; notifyOwner: boolean }> {
  const blocked: Partial<Record<Scope, boolean>> = {};
  for (const scope of ["pair", "user", "ip"] as const) {
    const { free, baseSeconds, maxSeconds } = policy[scope];
    // failures counted from 1; the free-th failure blocks for baseSeconds, each next doubles it.
    const result = await sql<{ blocked: boolean }>`
      insert into sign_in_throttle as t (key, failures, last_failure_at, blocked_until)
      values (${keys[scope]}, 1, now(), case when 1 >= ${free}::int then now() + make_interval(secs => ${baseSeconds}::int) end)
      on conflict (key) do update set
        failures = case when t.last_failure_at < now() - make_interval(mins => ${WINDOW_MINUTES}::int) then 1 else t.failures + 1 end,
        last_failure_at = now(),
        blocked_until = case
          when (case when t.last_failure_at < now() - make_interval(mins => ${WINDOW_MINUTES}::int) then 1 else t.failures + 1 end) >= ${free}::int
          then now() + make_interval(secs => least(${maxSeconds}::int, ${baseSeconds}::int * power(2, least(20,
            (case when t.last_failure_at < now() - make_interval(mins => ${WINDOW_MINUTES}::int) then 1 else t.failures + 1 end) - ${free}::int))::int))
          else t.blocked_until end
      returning coalesce(blocked_until > now(), false) as blocked`.execute(db);
    blocked[scope] = result.rows[0]?.blocked ?? false;
  }
  const usernameBlocked = Boolean(blocked.pair || blocked.user);
  let notifyOwner = false;
  if (usernameBlocked) {
    const stamped = await db
      .updateTable("sign_in_throttle")
      .set({ notified_at: sql<Date>`now()` })
      .where("key", "=", keys.user)
      .where((eb) =>
        eb.or([
          eb("notified_at", "is", null),
          eb("notified_at", "<", sql<Date>`now() - make_interval(hours => ${NOTICE_EVERY_HOURS}::int)`),
        ]),
      )
      .executeTakeFirst();
    notifyOwner = Number(stamped.numUpdatedRows) === 1;
  }
  // Keeps the table small: forgotten counts of long-gone attempts go.
  await db
    .deleteFrom("sign_in_throttle")
    .where("last_failure_at", "<", sql<Date>`now() - make_interval(hours => ${NOTICE_EVERY_HOURS}::int)`)
    .where((eb) => eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<", sql<Date>`now()`)]))
    .execute();
  return { usernameBlocked, notifyOwner };
}

/**
 * A correct password ends the count of this username from this address. The user-wide count and
 * its notice stamp stay (an attack elsewhere is still going on); the address count stays too,
 * or an attacker could reset it by signing in to their own account between guesses.
 */
export async function recordSignInSuccess(db: Kysely<Database>, keys: ThrottleKeys): Promise<void> {
  await db.deleteFrom("sign_in_throttle").where("key", "=", keys.pair).execute();
}
