import type { FastifyInstance } from "fastify";
import type { ReturnToClinicianRequest } from "../../../generated/types/api/return-to-clinician.ts";
import type { SessionResponse } from "../../../generated/types/api/session.ts";
import { notifySignInBlocked } from "../accounts/sign-in-notice.ts";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS, bearer } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import { handedOverUser } from "../auth/login-as-session.ts";
import { attemptLogin } from "../auth/login-policy.ts";
import { clearRefreshCookie } from "../auth/refresh-cookie.ts";
import { revokeFamily } from "../auth/refresh-tokens.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { openSession } from "../auth/sessions.ts";
import { throttled } from "../auth/throttled.ts";
import { badRequest, HttpError } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { CHART_WRITE_ACCESS } from "../measures/access.ts";
import { visibleRespondentLink } from "../sessions/respondent-link.ts";

export const RESPONDENT_INACTIVE =
  "This respondent is inactive. Activate their account before handing them the device.";
export const PATIENT_INACTIVE = "This patient is inactive. Schedule a measure or reactivate the patient first.";
export const WRONG_PASSWORD = "That password is not right. The device stays with the respondent until it is.";

const SESSION = recordResponse("api/session.json");
const invalidToken = () => new HttpError(401, "Invalid access token", "invalid_token");

/**
 * In-clinic administration (issue 10 §5; docs/security/login-as.md): a clinician hands the device
 * to a respondent, who can then only answer that respondent link's open sessions; taking it back
 * needs the clinician's password.
 */
export async function loginAsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Params: { ccauId: number } }>(
    "/api/security/login-as/:ccauId",
    {
      config: {
        access: CHART_WRITE_ACCESS,
        audit: { action: "auth.login-as", recordType: "respondent", recordParam: "ccauId" },
      },
      schema: {
        params: { $ref: "api/measure-params.json" },
        response: { 200: SESSION, ...errorResponses(404) },
      },
    },
    async (request, reply): Promise<SessionResponse> => {
      const clinician = request.user as RequestUser;
      // A chart outside the caller's access answers exactly as one that does not exist.
      const link = await visibleRespondentLink(ctx.db, clinician, request.params.ccauId);
      if (link.accountStatus === ACCOUNT_STATUS.inactive)
        throw badRequest([{ field: "ccauId", message: RESPONDENT_INACTIVE }]);
      if (!link.patientActive) throw badRequest([{ field: "ccauId", message: PATIENT_INACTIVE }]);
      const verified = await ctx.tokens.verify(bearer(request) ?? "");
      if (!verified.ok) throw invalidToken();
      const token = await ctx.tokens.loginAs.sign({
        respondentId: link.userId,
        ccauId: link.ccauId,
        clinicianId: clinician.id,
        familyId: verified.claims.fam,
      });
      const handed = await ctx.tokens.loginAs.verify(token);
      if (!handed.ok) throw new Error("A login-as token just signed does not verify");
      const user = await handedOverUser(ctx.db, ctx.bundle, link.userId, {
        clinician,
        ccauId: link.ccauId,
        expiresAt: handed.claims.expiresAt as Date,
      });
      if (!user) throw invalidToken();
      await logActivity(ctx.db, {
        userId: link.userId,
        actorId: clinician.id,
        code: ACTIVITY.loggedInAsRespondent,
        detail: { ccauId: link.ccauId, ip: request.ip },
      });
      // The browser keeps nothing that could bring the clinician's session back without the
      // password: its refresh cookie goes, and the client replaces its access token with this one.
      clearRefreshCookie(reply, ctx.config.accounts);
      return { accessToken: token, user };
    },
  );

  // Public: the hand-over may have expired while the respondent answered; the password decides.
  app.post<{ Body: ReturnToClinicianRequest }>(
    "/api/security/return-to-clinician",
    {
      config: { access: "public", loginAs: true, audit: { action: "auth.return-to-clinician" } },
      schema: {
        body: { $ref: "api/return-to-clinician.json" },
        response: { 200: SESSION, ...errorResponses(401, 429) },
      },
    },
    async (request, reply): Promise<SessionResponse> => {
      const handed = await ctx.tokens.loginAs.verify(bearer(request) ?? "", { allowExpired: true });
      if (!handed.ok) throw invalidToken();
      const { clinicianId, familyId } = handed.claims;
      const account = await ctx.db
        .selectFrom("app_user")
        .select("username")
        .where("id", "=", clinicianId)
        .executeTakeFirst();
      if (!account?.username) throw invalidToken();
      // Exactly a sign-in of the clinician: the same argon2 check, throttle and activity entries.
      const outcome = await attemptLogin(ctx.db, ctx.config, {
        username: account.username,
        password: request.body.password,
        ip: request.ip,
      });
      if (!outcome.ok && outcome.code === "rate_limited") throw throttled(reply, outcome.retryAfterSeconds);
      if (!outcome.ok && outcome.code === "invalid_credentials") {
        if (outcome.blockedUserId) await notifySignInBlocked(ctx, outcome.blockedUserId);
        throw badRequest([{ field: "password", message: WRONG_PASSWORD }]);
      }
      if (!outcome.ok) throw new HttpError(401, outcome.error, outcome.code);
      // The hand-over ends everywhere (its token dies with its family); the clinician starts afresh.
      await revokeFamily(ctx.db, familyId);
      return openSession(ctx, clinicianId);
    },
  );
}
