import type { FastifyInstance } from "fastify";
import type { AccessCodeRequest } from "../../../generated/types/api/access-code-request.ts";
import type { SecureAccessCodeRequest } from "../../../generated/types/api/secure-access-code.ts";
import type { SelectAccountRequest } from "../../../generated/types/api/select-account.ts";
import type { ValidateAccessCodeRequest } from "../../../generated/types/api/validate-access-code.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { AppContext } from "../app-context.ts";
import { badRequest, HttpError, notFound } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { uniformDuration } from "../http/uniform-duration.ts";
import { chooseDestination, type Destination } from "../messaging/recipients.ts";
import { chartVisible } from "../patients/patient-access.ts";
import { ACCESS_CODE_STATUSES, accountChoices, choiceOfLink, sendAccessCode, useAccessCode } from "./access-codes.ts";
import { manageableAccount } from "./account-access.ts";
import { findAccounts } from "./find-accounts.ts";
import { findLiveToken, issueToken, newLinkSecret, spendToken } from "./one-time-tokens.ts";
import { publicLimit } from "./rate-limit.ts";
import { signInWith } from "./sign-in.ts";

const BASE = "/api/security";
export const CODE_SENT = "If we found your account, we sent an access code to it.";
export const CODE_INVALID = "That access code is not valid or has expired. Request a new code.";
export const SELECTION_EXPIRED = "Your sign-in has expired. Request a new access code.";
export const SELECT_ONE = "Select one of the accounts.";
export const RESPONDENT_NOT_ACTIVE = "This respondent's account is not active yet: send an invitation first.";

/** Respondent accounts an identifier (username, email or mobile number) names. */
async function respondentAccounts(ctx: AppContext, identifier: string) {
  return findAccounts(ctx.db, identifier, { statuses: ACCESS_CODE_STATUSES, userType: "patient" });
}

/** Access codes: request one, use it, and pick among several accounts (spec §2 select-account). */
export async function accessCodeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Body: AccessCodeRequest }>(
    `${BASE}/generate-access-code`,
    {
      config: { access: "public", rateLimit: publicLimit(ctx) },
      schema: {
        body: { $ref: "api/access-code-request.json" },
        response: { 200: recordResponse("api/responses/message.json") },
      },
    },
    // Found and not found take the same time (docs/security/auth-hardening.md).
    async (request) =>
      uniformDuration(
        { floorMs: ctx.config.accountLookupFloorMs, log: request.log, label: "generate-access-code" },
        async () => {
          const found = await respondentAccounts(ctx, request.body.identifier);
          const withCharts = new Set(
            (
              await accountChoices(
                ctx,
                ctx.db,
                found.map((a) => a.userId),
              )
            ).map((c) => c.userId),
          );
          // Accounts reachable at one address share one code and one message (a parent's phone).
          const byAddress = new Map<string, { to: Destination; userIds: number[] }>();
          for (const account of found) {
            if (!withCharts.has(account.userId)) continue;
            const choice = await chooseDestination(ctx, ctx.db, account.userId, { prefer: account.typed });
            if (!choice.ok) continue;
            const key = `${choice.destination.channel}:${choice.destination.address.toLowerCase()}`;
            const group = byAddress.get(key) ?? { to: choice.destination, userIds: [] };
            group.userIds.push(account.userId);
            byAddress.set(key, group);
          }
          for (const { to, userIds } of byAddress.values()) {
            await ctx.db.transaction().execute((trx) => sendAccessCode(ctx, trx, to, userIds));
          }
          return { message: CODE_SENT };
        },
      ),
  );

  // A signed-in clinician sends a code to a respondent of a chart they can see (and every other
  // chart the respondent is on); the clinician
  // learns where it went (a channel), never the code.
  app.post<{ Body: SecureAccessCodeRequest }>(
    `${BASE}/secure-generate-access-code`,
    {
      config: { access: { anyOf: ["patients.write"] } },
      schema: {
        body: { $ref: "api/secure-access-code.json" },
        response: { 200: recordResponse("api/responses/access-code-sent.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      const link = await ctx.db
        .selectFrom("cca_user as cu")
        .innerJoin("app_user as u", "u.id", "cu.user_id")
        .select(["cu.id", "u.id as user_id", "u.status", "u.user_type"])
        .where("cu.id", "=", request.body.ccauId)
        .where("cu.deleted_at", "is", null)
        .where(chartVisible(request.user!, "visible", "cu.cca_id"))
        .executeTakeFirst();
      if (link?.user_type !== "patient") throw notFound(MESSAGES.patientNotFound);
      // A code signs in as the person and opens every chart they answer for: the caller needs
      // every one of them (or settings.staff), not only this chart (account-access.ts).
      await manageableAccount(ctx.db, request.user!, link.user_id);
      if (!(ACCESS_CODE_STATUSES as readonly number[]).includes(link.status))
        throw badRequest([{ field: "ccauId", message: RESPONDENT_NOT_ACTIVE }]);
      const choice = await chooseDestination(ctx, ctx.db, link.user_id, { channel: request.body.channel });
      if (!choice.ok) throw badRequest([{ field: "contact", message: choice.reason }]);
      const queued = await ctx.db
        .transaction()
        .execute((trx) => sendAccessCode(ctx, trx, choice.destination, [link.user_id]));
      return { sent: true, channel: choice.destination.channel, delivery: queued.status };
    },
  );

  app.post<{ Body: ValidateAccessCodeRequest }>(
    `${BASE}/validate-access-code`,
    {
      config: { access: "public", rateLimit: publicLimit(ctx) },
      schema: {
        body: { $ref: "api/validate-access-code.json" },
        response: { 200: recordResponse("api/responses/access-code-result.json") },
      },
    },
    async (request) => {
      const found = await respondentAccounts(ctx, request.body.identifier);
      const opened = await useAccessCode(
        ctx.db,
        found.map((a) => a.userId),
        request.body.code,
      );
      const choices = await accountChoices(ctx, ctx.db, opened);
      if (choices.length === 0) throw new HttpError(400, CODE_INVALID, "invalid_code");
      if (choices.length === 1) {
        const [only] = choices;
        const session = await signInWith(ctx, only.userId, {
          method: "access_code",
          ip: request.ip,
          ccauId: only.ccauId,
        });
        return { ...session, account: only };
      }
      // Several: the person picks one with a short-lived, single-use selection token.
      const selectionToken = newLinkSecret();
      await issueToken(ctx.db, {
        userId: choices[0].userId,
        purpose: "account_selection",
        secret: selectionToken,
        ttlMinutes: ctx.config.accounts.accessCodeTtlMinutes,
        detail: { ccauIds: choices.map((c) => c.ccauId) },
      });
      return { accounts: choices, selectionToken };
    },
  );

  app.post<{ Body: SelectAccountRequest }>(
    `${BASE}/select-account`,
    {
      config: { access: "public", rateLimit: publicLimit(ctx) },
      schema: {
        body: { $ref: "api/select-account.json" },
        response: { 200: recordResponse("api/responses/access-code-sign-in.json") },
      },
    },
    async (request) => {
      const expired = () => new HttpError(400, SELECTION_EXPIRED, "link_expired");
      const token = await findLiveToken(ctx.db, "account_selection", request.body.selectionToken);
      if (!token) throw expired();
      const allowed = (token.detail as { ccauIds?: number[] } | null)?.ccauIds ?? [];
      if (!allowed.includes(request.body.accountId)) throw badRequest([{ field: "accountId", message: SELECT_ONE }]);
      const choice = await choiceOfLink(ctx, ctx.db, request.body.accountId);
      if (!choice) throw expired();
      if (!(await spendToken(ctx.db, token.id))) throw expired();
      const session = await signInWith(ctx, choice.userId, {
        method: "access_code",
        ip: request.ip,
        ccauId: choice.ccauId,
      });
      return { ...session, account: choice };
    },
  );
}
