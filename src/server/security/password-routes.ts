import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { ChangePasswordRequest } from "../../../generated/types/api/change-password.ts";
import type { PasswordCheckResult } from "../../../generated/types/api/password-check.ts";
import type { ValidatePasswordRequest } from "../../../generated/types/api/validate-password.ts";
import { notifySignInBlocked } from "../accounts/sign-in-notice.ts";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import { newPasswordRule } from "../auth/password-rules.ts";
import { hashPassword, newPasswordColumns, verifyPassword } from "../auth/passwords.ts";
import { revokeUserFamilies } from "../auth/refresh-tokens.ts";
import { openSession } from "../auth/sessions.ts";
import { recordSignInFailure, recordSignInSuccess, throttleKeys, throttleWait } from "../auth/sign-in-throttle.ts";
import { throttled } from "../auth/throttled.ts";
import { badRequest, HttpError } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";

const BASE = "/api/security";
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect.";
export const SAME_PASSWORD = "The new password must be different from the current one.";
export const RESPONDENT_NOT_ACTIVE = "You can change your password once your account is active.";

/** The server's password check and the signed-in user's password change (spec §5). */
export async function passwordRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const passwordProblem = await newPasswordRule(ctx.bundle, ctx.config.passwordMinLength);

  app.post<{ Body: ValidatePasswordRequest }>(
    `${BASE}/validate-password`,
    {
      config: { access: "public" },
      schema: {
        body: { $ref: "api/validate-password.json" },
        response: { 200: recordResponse("api/password-check.json") },
      },
    },
    async (request): Promise<PasswordCheckResult> => {
      const problem = passwordProblem(request.body.password, request.body.username);
      return { valid: !problem, errors: problem ? [{ field: "password", message: problem }] : [] };
    },
  );

  app.post<{ Body: ChangePasswordRequest }>(
    `${BASE}/change-password`,
    {
      config: { access: "authenticated", allowPasswordReset: true },
      schema: {
        body: { $ref: "api/change-password.json" },
        response: { 200: recordResponse("api/session.json"), ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      // Spec §2: a respondent changes their password only while the account is active (a
      // respondent in status 5 uses forgot password instead).
      if (request.user!.userType === "patient" && request.user!.status !== ACCOUNT_STATUS.active)
        throw new HttpError(403, RESPONDENT_NOT_ACTIVE, "forbidden");
      const { currentPassword, newPassword } = request.body;
      const problem = passwordProblem(newPassword, request.user!.username);
      if (problem) throw badRequest([{ field: "newPassword", message: problem }]);

      // The same throttle as sign-in (keyed by the account's username and the caller's address): a
      // stolen session must not become an unlimited password oracle.
      const account = await ctx.db
        .selectFrom("app_user")
        .select(["password_hash", "username"])
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      const keys = throttleKeys(account.username ?? `#${userId}`, request.ip);
      const wait = await throttleWait(ctx.db, keys);
      if (wait > 0) throw throttled(reply, wait);
      if (!(await verifyPassword(account.password_hash, currentPassword))) {
        const { notifyOwner } = await recordSignInFailure(ctx.db, ctx.config.signInThrottle, keys);
        await logActivity(ctx.db, {
          userId,
          actorId: userId,
          code: ACTIVITY.loginFailed,
          detail: { reason: "wrong_current_password", ip: request.ip },
        });
        if (notifyOwner) await notifySignInBlocked(ctx, userId);
        throw badRequest([{ field: "currentPassword", message: WRONG_CURRENT_PASSWORD }]);
      }
      await recordSignInSuccess(ctx.db, keys);
      if (newPassword === currentPassword) throw badRequest([{ field: "newPassword", message: SAME_PASSWORD }]);

      const passwordHash = await hashPassword(newPassword);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("app_user")
          .set({
            ...newPasswordColumns(passwordHash),
            // A forced change (status 5 Password Reset) is done once the user picked their own.
            status: sql<number>`case when status = ${ACCOUNT_STATUS.passwordReset}::smallint then ${ACCOUNT_STATUS.active}::smallint else status end`,
          })
          .where("id", "=", userId)
          .execute();
        // Whoever else knew the old password is signed out everywhere, this session included:
        // the caller continues with the fresh pair below.
        await revokeUserFamilies(trx, userId);
        await logActivity(trx, { userId, actorId: userId, code: ACTIVITY.passwordChanged, detail: { ip: request.ip } });
      });
      return openSession(ctx, userId);
    },
  );
}
