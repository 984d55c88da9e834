import { type Kysely, sql } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { Database } from "../db/database-types.ts";
import { ACCOUNT_STATUS } from "./access-hook.ts";
import { ACTIVITY, logActivity } from "./activity-log.ts";
import { recordSuccessfulLogin } from "./failed-logins.ts";
import { decoyPasswordHash, verifyPassword } from "./passwords.ts";
import {
  recordSignInFailure,
  recordSignInSuccess,
  type ThrottlePolicy,
  throttleKeys,
  throttleWait,
} from "./sign-in-throttle.ts";

export type LoginRefusal = {
  ok: false;
  code: "invalid_credentials" | "account_inactive" | "password_expired";
  error: string;
};
/** Too many recent failures for this username or address: try again after retryAfterSeconds. */
export type LoginThrottled = { ok: false; code: "rate_limited"; retryAfterSeconds: number };
export type LoginOutcome = { ok: true; userId: number } | (LoginRefusal & { blockedUserId?: number }) | LoginThrottled;

const INVALID: LoginRefusal = { ok: false, code: "invalid_credentials", error: MESSAGES.invalidCredentials };

/**
 * Decides a sign-in (issue 2 §3, issue 8 §3). What it tells the caller is limited to what the
 * password earns: an unknown username, a wrong password, an account without a password and a not
 * yet invited account all get the same answer after the same work (one argon2 verification, the
 * same throttle bookkeeping, keyed by the typed username whether or not it exists), so neither
 * the answer nor its timing says who has an account. Only a correct password learns that the
 * account is inactive or has an expired password. Guessing is throttled (sign-in-throttle.ts),
 * never locked: a throttled attempt is refused before its password is looked at.
 * blockedUserId: this failure started throttling an existing account; its owner is due a notice.
 */
export async function attemptLogin(
  db: Kysely<Database>,
  policy: { passwordMaxAgeDays: number; signInThrottle: ThrottlePolicy },
  attempt: { username: string; password: string; ip: string },
): Promise<LoginOutcome> {
  const keys = throttleKeys(attempt.username, attempt.ip);
  const wait = await throttleWait(db, keys);
  if (wait > 0) return { ok: false, code: "rate_limited", retryAfterSeconds: wait };

  const maxAge = policy.passwordMaxAgeDays;
  const user = await db
    .selectFrom("app_user")
    .select([
      "id",
      "password_hash",
      "status",
      // No recorded change date counts as expired: the policy cannot vouch for its age.
      sql<boolean>`${maxAge}::int > 0 and coalesce(password_changed_at < now() - make_interval(days => ${maxAge}::int), true)`.as(
        "password_expired",
      ),
    ])
    .where(sql`lower(username)`, "=", sql<string>`lower(${attempt.username})`)
    .executeTakeFirst();

  // Always one full verification, against a decoy when there is no real hash to check.
  const storedHash = user?.password_hash ?? (await decoyPasswordHash());
  const correct = (await verifyPassword(storedHash, attempt.password)) && Boolean(user?.password_hash);

  if (!correct) {
    const { notifyOwner } = await recordSignInFailure(db, policy.signInThrottle, keys);
    if (!user) return INVALID;
    await logActivity(db, {
      userId: user.id,
      actorId: null,
      code: ACTIVITY.loginFailed,
      detail: { reason: user.password_hash ? "wrong_password" : "no_password", ip: attempt.ip },
    });
    return notifyOwner ? { ...INVALID, blockedUserId: user.id } : INVALID;
  }
  if (!user) return INVALID; // unreachable: a correct password needs a stored hash
  await recordSignInSuccess(db, keys);
  const failed = async (reason: string) =>
    logActivity(db, { userId: user.id, actorId: null, code: ACTIVITY.loginFailed, detail: { reason, ip: attempt.ip } });
  if (user.status === ACCOUNT_STATUS.inactive) {
    await failed("inactive");
    return { ok: false, code: "account_inactive", error: MESSAGES.accountInactive };
  }
  if (user.status === ACCOUNT_STATUS.notInvited || user.status === ACCOUNT_STATUS.invited) {
    await failed("not_set_up");
    return INVALID;
  }
  if (user.password_expired) {
    await failed("password_expired");
    return { ok: false, code: "password_expired", error: MESSAGES.passwordResetRequired };
  }
  await recordSuccessfulLogin(db, user.id);
  await logActivity(db, { userId: user.id, actorId: user.id, code: ACTIVITY.loginSuccess, detail: { ip: attempt.ip } });
  return { ok: true, userId: user.id };
}
