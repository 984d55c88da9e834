import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ForgotPasswordRequest } from "../../../generated/types/api/forgot-password.ts";
import type { RecoverUsernameRequest } from "../../../generated/types/api/recover-username.ts";
import type { ResetPasswordRequest } from "../../../generated/types/api/reset-password.ts";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import { newPasswordRule } from "../auth/password-rules.ts";
import { hashPassword, newPasswordColumns } from "../auth/passwords.ts";
import { revokeUserFamilies } from "../auth/refresh-tokens.ts";
import { badRequest, HttpError } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { uniformDuration } from "../http/uniform-duration.ts";
import { chooseDestination, type Destination } from "../messaging/recipients.ts";
import { ACCOUNT_MANAGERS, ACCOUNT_NOT_VISIBLE, manageableAccount } from "./account-access.ts";
import { clinicName, usernameReminderMessage } from "./account-messages.ts";
import { findAccounts } from "./find-accounts.ts";
import { findLiveToken, spendOpenTokens, spendToken } from "./one-time-tokens.ts";
import { sendPasswordReset } from "./password-reset.ts";
import { publicLimit } from "./rate-limit.ts";
import { signInWith } from "./sign-in.ts";

const BASE = "/api/security";
export const RESET_KEY_INVALID = "Reset key no longer valid";
export const USERNAME_SENT = "If an account uses that email address, we sent its username there.";
export const RESET_SENT = "If we found your account, we sent a link to reset your password.";
export const NOT_SET_UP = "This account has not been set up yet: send an invitation instead.";
export const NOT_ACTIVE = "This account is not active.";

const MESSAGE = recordResponse("api/responses/message.json");

/** Accounts that hold credentials: Active, and Password Reset (an admin reset, completed by reset-password). */
const HAS_CREDENTIALS = [ACCOUNT_STATUS.active, ACCOUNT_STATUS.passwordReset];

/**
 * Forgot username, forgot password, reset password, and a clinician's reset link for a
 * respondent (spec §2, §7 Security). The public answers are the same sentence whether or not an
 * account was found, so these forms cannot be used to learn who has an account.
 */
export async function recoveryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const passwordProblem = await newPasswordRule(ctx.bundle, ctx.config.passwordMinLength);
  // Found and not found take the same time (docs/security/auth-hardening.md).
  const lookupFloor = (request: FastifyRequest, label: string) => ({
    floorMs: ctx.config.accountLookupFloorMs,
    log: request.log,
    label,
  });

  app.post<{ Body: RecoverUsernameRequest }>(
    `${BASE}/recover-username`,
    {
      config: { access: "public", rateLimit: publicLimit(ctx) },
      schema: { body: { $ref: "api/recover-username.json" }, response: { 200: MESSAGE } },
    },
    async (request) =>
      uniformDuration(lookupFloor(request, "recover-username"), async () => {
        const found = (
          await findAccounts(ctx.db, request.body.email, { statuses: HAS_CREDENTIALS, by: ["email"] })
        ).filter((a) => a.username);
        // One message per address, listing every username reachable there.
        const byAddress = new Map<string, { to: Destination; accounts: typeof found }>();
        for (const account of found) {
          const choice = await chooseDestination(ctx, ctx.db, account.userId, { prefer: account.typed });
          if (!choice.ok) continue;
          const key = `${choice.destination.channel}:${choice.destination.address.toLowerCase()}`;
          const group = byAddress.get(key) ?? { to: choice.destination, accounts: [] };
          group.accounts.push(account);
          byAddress.set(key, group);
        }
        if (byAddress.size > 0) {
          const clinic = await clinicName(ctx, ctx.db);
          for (const { to, accounts } of byAddress.values()) {
            await ctx.db.transaction().execute(async (trx) => {
              const queued = await ctx.messages.enqueue(
                trx,
                usernameReminderMessage({
                  to,
                  userId: accounts.length === 1 ? accounts[0].userId : null,
                  clinic,
                  usernames: accounts.map((a) => a.username as string),
                  loginLink: `${ctx.config.accounts.publicUrl}/security/login`,
                }),
              );
              for (const account of accounts)
                await logActivity(trx, {
                  userId: account.userId,
                  actorId: null,
                  code: ACTIVITY.usernameRecovered,
                  detail: { channel: to.channel, messageId: queued.id, ip: request.ip },
                });
            });
          }
        }
        return { message: USERNAME_SENT };
      }),
  );

  app.post<{ Body: ForgotPasswordRequest }>(
    `${BASE}/forgot-password`,
    {
      config: { access: "public", rateLimit: publicLimit(ctx) },
      schema: { body: { $ref: "api/forgot-password.json" }, response: { 200: MESSAGE } },
    },
    async (request) =>
      uniformDuration(lookupFloor(request, "forgot-password"), async () => {
        const { username, email } = request.body;
        const found = username
          ? await findAccounts(ctx.db, username, { statuses: HAS_CREDENTIALS, by: ["username"] })
          : await findAccounts(ctx.db, email as string, { statuses: HAS_CREDENTIALS, by: ["email"] });
        for (const account of found) {
          // One link per account: each names its username and opens only that account.
          await sendPasswordReset(ctx, { userId: account.userId, actorId: null, prefer: account.typed });
        }
        return { message: RESET_SENT };
      }),
  );

  app.post<{ Body: ResetPasswordRequest }>(
    `${BASE}/reset-password`,
    {
      config: { access: "public", rateLimit: publicLimit(ctx) },
      schema: { body: { $ref: "api/reset-password.json" }, response: { 200: recordResponse("api/session.json") } },
    },
    async (request) => {
      const { key, password } = request.body;
      const expired = () => new HttpError(400, RESET_KEY_INVALID, "link_expired");
      const live = await findLiveToken(ctx.db, "password_reset", key);
      if (!live) throw expired();
      const owner = await ctx.db
        .selectFrom("app_user")
        .select("username")
        .where("id", "=", live.userId)
        .executeTakeFirst();
      const problem = passwordProblem(password, owner?.username);
      if (problem) throw badRequest([{ field: "password", message: problem }]);
      const passwordHash = await hashPassword(password);
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await spendToken(trx, live.id))) throw expired();
        const updated = await trx
          .updateTable("app_user")
          .set({ ...newPasswordColumns(passwordHash), status: ACCOUNT_STATUS.active })
          .where("id", "=", live.userId)
          .where("status", "in", HAS_CREDENTIALS)
          .executeTakeFirst();
        // Deactivated since the link was sent: the key opens nothing.
        if (Number(updated.numUpdatedRows) !== 1) throw expired();
        await spendOpenTokens(trx, live.userId, "password_reset");
        // Whoever knew the old password is signed out everywhere.
        await revokeUserFamilies(trx, live.userId);
        await logActivity(trx, {
          userId: live.userId,
          actorId: live.userId,
          code: ACTIVITY.passwordReset,
          detail: { ip: request.ip },
        });
      });
      return signInWith(ctx, live.userId, { method: "password_reset", ip: request.ip });
    },
  );

  // A clinician's or staff member's "send a reset link" for a respondent (patient user). Clinical
  // users are reset by an admin through reset-clinical-user-password (settings).
  app.post<{ Params: { id: number } }>(
    `${BASE}/reset-user-password/:id`,
    {
      config: { access: { anyOf: ACCOUNT_MANAGERS } },
      schema: {
        params: { $ref: "api/id-params.json" },
        response: { 200: recordResponse("api/responses/link-message-result.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      const user = request.user!;
      const account = await manageableAccount(ctx.db, user, request.params.id);
      if (account.userType !== "patient") throw new HttpError(404, ACCOUNT_NOT_VISIBLE, "not_found");
      if (account.status === ACCOUNT_STATUS.inactive) throw badRequest([{ field: "status", message: NOT_ACTIVE }]);
      if (!HAS_CREDENTIALS.includes(account.status as 2 | 5))
        throw badRequest([{ field: "status", message: NOT_SET_UP }]);
      const result = await sendPasswordReset(ctx, { userId: account.id, actorId: user.id });
      if (!result.sent) throw badRequest([{ field: "contact", message: result.reason ?? NOT_SET_UP }]);
      return result;
    },
  );
}
