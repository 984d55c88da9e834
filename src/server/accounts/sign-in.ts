import type { SessionResponse } from "../../../generated/types/api/session.ts";
import type { AppContext } from "../app-context.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import { recordSuccessfulLogin } from "../auth/failed-logins.ts";
import { openSession } from "../auth/sessions.ts";

/**
 * Signs an account in after a proof other than the password form (a setup link, a reset key, an
 * access code): the same bookkeeping as a login (failed count cleared, last sign-in stamped,
 * 'Login success' with how) and the same answer {accessToken, refreshToken, user}.
 */
export async function signInWith(
  ctx: AppContext,
  userId: number,
  how: { method: "account_setup" | "password_reset" | "access_code"; ip: string; ccauId?: number },
): Promise<SessionResponse> {
  await recordSuccessfulLogin(ctx.db, userId);
  await logActivity(ctx.db, { userId, actorId: userId, code: ACTIVITY.loginSuccess, detail: how });
  return openSession(ctx, userId);
}
