import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { AccountSetupRequest } from "../../../generated/types/api/account-setup.ts";
import type { UsernameQuery } from "../../../generated/types/api/username-query.ts";
import type { ValidateTokenQuery } from "../../../generated/types/api/validate-token-query.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { Permission } from "../../shared/permissions.ts";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import { newPasswordRule } from "../auth/password-rules.ts";
import { hashPassword, newPasswordColumns } from "../auth/passwords.ts";
import type { Database } from "../db/database-types.ts";
import { badRequest, forbidden, HttpError } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { activeWithoutSignIn } from "./invite-user.ts";
import { RESPONDENT_ROLE } from "./new-accounts.ts";
import { findLiveToken, spendToken } from "./one-time-tokens.ts";
import { publicLimit } from "./rate-limit.ts";
import { signInWith } from "./sign-in.ts";
import { onUsernameRace, usernameInUse, usernameTaken } from "./usernames.ts";

const BASE = "/api/security";
export const LINK_EXPIRED = "Your link has expired. Please try again.";
/** Who may ask whether a username is free: those who create or rename accounts. */
const USERNAME_CHECKERS: Permission[] = ["settings.admin", "settings.staff", "respondent.account"];

export const linkExpired = () => new HttpError(400, LINK_EXPIRED, "link_expired");

interface SetupAccount {
  tokenId: number;
  userId: number;
  username: string | null;
  firstName: string;
  userType: "clinical" | "patient";
  hadPassword: boolean;
}

/**
 * The account an account-setup token opens: a live token of an account still Invited, or of an
 * Active account that has never had a username (an invitation to self sign-in,
 * invite-user.ts activeWithoutSignIn). A spent, expired, unknown or canceled link, or an account
 * since set up or deactivated, all read the same: the link has expired.
 */
async function setupAccount(db: Kysely<Database>, token: string): Promise<SetupAccount | null> {
  const live = await findLiveToken(db, "account_setup", token);
  if (!live) return null;
  const user = await db
    .selectFrom("app_user")
    .select([
      "id",
      "username",
      "first_name",
      "status",
      "user_type",
      sql<boolean>`password_hash is not null`.as("had_password"),
    ])
    .where("id", "=", live.userId)
    .executeTakeFirst();
  if (!user || (user.status !== ACCOUNT_STATUS.invited && !activeWithoutSignIn(user))) return null;
  return {
    tokenId: live.id,
    userId: user.id,
    username: user.username,
    firstName: user.first_name,
    userType: user.user_type,
    hadPassword: user.had_password,
  };
}

/** Invitation links: check the link, choose a username and password, and be signed in (spec §2 account-setup). */
export async function setupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const passwordProblem = await newPasswordRule(ctx.bundle, ctx.config.passwordMinLength);

  app.get<{ Querystring: ValidateTokenQuery }>(
    `${BASE}/validate-token`,
    {
      config: { access: "public", rateLimit: publicLimit(ctx) },
      schema: {
        querystring: { $ref: "api/validate-token-query.json" },
        response: { 200: recordResponse("api/responses/setup-link.json") },
      },
    },
    async (request) => {
      const account = await setupAccount(ctx.db, request.query.token);
      if (!account) throw linkExpired();
      return { valid: true, username: account.username ?? undefined, firstName: account.firstName };
    },
  );

  app.post<{ Body: AccountSetupRequest }>(
    `${BASE}/account-setup`,
    {
      config: { access: "public", rateLimit: publicLimit(ctx) },
      schema: { body: { $ref: "api/account-setup.json" }, response: { 200: recordResponse("api/session.json") } },
    },
    async (request) => {
      const { token, username, password } = request.body;
      const account = await setupAccount(ctx.db, token);
      if (!account) throw linkExpired();
      const problem = passwordProblem(password, username);
      if (problem) throw badRequest([{ field: "password", message: problem }]);
      if (await usernameTaken(ctx.db, username, account.userId)) throw usernameInUse();

      const passwordHash = await hashPassword(password);
      await onUsernameRace(() =>
        ctx.db.transaction().execute(async (trx) => {
          // Spending first makes the link single-use even when two tabs submit at once.
          if (!(await spendToken(trx, account.tokenId))) throw linkExpired();
          const updated = await trx
            .updateTable("app_user")
            .set({ ...newPasswordColumns(passwordHash), username, status: ACCOUNT_STATUS.active })
            .where("id", "=", account.userId)
            .where((eb) =>
              eb.or([
                eb("status", "=", ACCOUNT_STATUS.invited),
                eb.and([eb("status", "=", ACCOUNT_STATUS.active), eb("username", "is", null)]),
              ]),
            )
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) throw linkExpired();
          // Patient users get the respondent role when created (new-accounts.ts); granting it
          // again costs nothing and makes sure that signing in as a respondent carries its
          // permissions (my account, sessions), whatever made the account.
          if (account.userType === "patient")
            await sql`insert into user_role (user_id, role) values (${account.userId}, ${RESPONDENT_ROLE})
              on conflict do nothing`.execute(trx);
          const detail = { ip: request.ip };
          if (!account.hadPassword)
            await logActivity(trx, {
              userId: account.userId,
              actorId: account.userId,
              code: ACTIVITY.accountCreated,
              detail,
            });
          await logActivity(trx, {
            userId: account.userId,
            actorId: account.userId,
            code: ACTIVITY.accountActivated,
            detail,
          });
        }),
      );
      return signInWith(ctx, account.userId, { method: "account_setup", ip: request.ip });
    },
  );

  // "find username (GET)" of spec §7, read as: is this username free? Answered only to the
  // holder of a live setup link or a signed-in user who may create or rename accounts (admins
  // and staff, a respondent renaming their own), so it cannot be used to list accounts.
  app.get<{ Querystring: UsernameQuery }>(
    `${BASE}/username`,
    {
      config: { access: "public", rateLimit: publicLimit(ctx) },
      schema: {
        querystring: { $ref: "api/username-query.json" },
        // 401: neither a live setup link nor a signed-in caller; 403: a caller who names no accounts.
        response: { 200: recordResponse("api/responses/username-availability.json"), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      let self: number;
      if (request.query.token) {
        const account = await setupAccount(ctx.db, request.query.token);
        if (!account) throw linkExpired();
        self = account.userId;
      } else if (request.user) {
        // Only those who may name accounts ask: otherwise any signed-in user could list usernames.
        if (!USERNAME_CHECKERS.some((p) => request.user?.permissions.has(p))) throw forbidden();
        self = request.user.id;
      } else {
        throw new HttpError(401, MESSAGES.invalidAccessToken, "invalid_token");
      }
      const { username } = request.query;
      return { username, available: !(await usernameTaken(ctx.db, username, self)) };
    },
  );
}
