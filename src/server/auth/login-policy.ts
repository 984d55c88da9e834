import { type Kysely, sql } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { Database } from "../db/database-types.ts";
import { ACCOUNT_STATUS } from "./access-hook.ts";
import { ACTIVITY, logActivity } from "./activity-log.ts";
import { recordFailedPassword, recordSuccessfulLogin } from "./failed-logins.ts";
import { decoyPasswordHash, verifyPassword } from "./passwords.ts";

export type LoginRefusal = {
  ok: false;
  code: "invalid_credentials" | "account_locked" | "account_inactive" | "password_expired";
  error: string;
};
export type LoginOutcome = { ok: true; userId: number } | LoginRefusal;

const INVALID: LoginRefusal = { ok: false, code: "invalid_credentials", error: MESSAGES.invalidCredentials };

/**
 * Decides a sign-in (issue 2 §3). What it tells the caller is limited to what the password
 * earns: an unknown username, a wrong password, an account without a password and a not yet
 * invited account all get the same answer after the same argon2 work, so the login form cannot
 * be used to find out who has an account. Only a correct password learns that the account is
 * locked, inactive or has an expired password.
 */
export async function attemptLogin(
  db: Kysely<Database>,
  policy: { passwordMaxAgeDays: number },
  attempt: { username: string; password: string; ip: string },
): Promise<LoginOutcome> {
  const maxAge = policy.passwordMaxAgeDays;
  const user = await db
    .selectFrom("app_user")
    .select([
      "id",
      "password_hash",
      "status",
      sql<boolean>`coalesce(locked_until > now(), false)`.as("locked"),
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
  if (!user) return INVALID;

  const failed = async (reason: string) =>
    logActivity(db, { userId: user.id, actorId: null, code: ACTIVITY.loginFailed, detail: { reason, ip: attempt.ip } });

  if (!correct) {
    if (user.locked) {
      await failed("locked");
      return INVALID;
    }
    const { locked } = await recordFailedPassword(db, user.id);
    await failed(user.password_hash ? "wrong_password" : "no_password");
    if (locked)
      await logActivity(db, {
        userId: user.id,
        actorId: null,
        code: ACTIVITY.accountLocked,
        detail: { ip: attempt.ip },
      });
    return INVALID;
  }
  if (user.locked) {
    await failed("locked");
    return { ok: false, code: "account_locked", error: MESSAGES.accountLocked };
  }
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
