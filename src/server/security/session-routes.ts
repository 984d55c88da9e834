import type { FastifyInstance, FastifyRequest } from "fastify";
import type { LoginRequest } from "../../../generated/types/api/login.ts";
import type { LogoutRequest } from "../../../generated/types/api/logout.ts";
import type { RenewTokenRequest } from "../../../generated/types/api/renew-token.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import { notifySignInBlocked } from "../accounts/sign-in-notice.ts";
import type { AppContext } from "../app-context.ts";
import { bearer } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import { handedOverUser } from "../auth/login-as-session.ts";
import { attemptLogin } from "../auth/login-policy.ts";
import { clearRefreshCookie, refreshTokenFromCookie } from "../auth/refresh-cookie.ts";
import { findFamilyOfToken, revokeFamily } from "../auth/refresh-tokens.ts";
import { loadSessionUser } from "../auth/session-user.ts";
import { mayHoldSession, openSession, renewSession } from "../auth/sessions.ts";
import { throttled } from "../auth/throttled.ts";
import { HttpError } from "../http/http-error.ts";
import { errorResponses, noContent, recordResponse } from "../http/response-schemas.ts";

const BASE = "/api/security";
const RENEWAL_HEADERS = "x-new-access-token, x-new-refresh-token";

const SESSION = recordResponse("api/session.json");

const invalidToken = () => new HttpError(401, MESSAGES.invalidAccessToken, "invalid_token");

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Sign-in, token renewal, session and sign-out (contracts.md, Security). */
export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Body: LoginRequest }>(
    `${BASE}/login`,
    {
      config: { access: "public" },
      schema: { body: { $ref: "api/login.json" }, response: { 200: SESSION, ...errorResponses(401, 429) } },
    },
    async (request, reply) => {
      const outcome = await attemptLogin(ctx.db, ctx.config, { ...request.body, ip: request.ip });
      if (!outcome.ok && outcome.code === "rate_limited") throw throttled(reply, outcome.retryAfterSeconds);
      if (!outcome.ok) {
        if (outcome.blockedUserId) await notifySignInBlocked(ctx, outcome.blockedUserId);
        throw new HttpError(401, outcome.error, outcome.code);
      }
      return openSession(ctx, outcome.userId);
    },
  );

  app.post<{ Body: RenewTokenRequest }>(
    `${BASE}/renew-token`,
    {
      config: { access: "public" },
      schema: { body: { $ref: "api/renew-token.json" }, response: { 200: SESSION, ...errorResponses(401) } },
    },
    async (request, reply) => {
      const refreshToken = request.body.refreshToken ?? refreshTokenFromCookie(request);
      if (!refreshToken) throw new HttpError(401, MESSAGES.invalidAccessToken, "invalid_token");
      const session = await renewSession(ctx, refreshToken);
      if (!session) {
        // A dead cookie is of no further use: the browser forgets it.
        if (!request.body.refreshToken) clearRefreshCookie(reply, ctx.config.accounts);
        throw invalidToken();
      }
      return session;
    },
  );

  // Public on purpose: it must answer a caller whose access token has expired, renewing it
  // from x-refresh-token without the extra round trip of a 401 first (spec §4 Session tokens).
  const keepAlive = {
    config: { access: "public" as const, allowPasswordReset: true, loginAs: true },
    schema: { response: { 200: recordResponse("api/responses/status-ok.json"), ...errorResponses(401) } },
  };
  app.get(`${BASE}/keep-alive`, keepAlive, async (request, reply) => {
    reply.header("access-control-expose-headers", RENEWAL_HEADERS);
    // A handed-over device has nothing to renew: its hand-over ends at its token's expiry.
    if (request.loginAs) return { status: "ok" };
    if (request.user) {
      if (!mayHoldSession(request.user.status)) throw invalidToken();
      return { status: "ok" };
    }
    const refreshToken = headerValue(request, "x-refresh-token");
    if (!refreshToken) {
      // Nothing to renew with: say whether the access token merely expired (the client may
      // still renew through renew-token) or is no good at all (the client signs out).
      const token = bearer(request);
      const verified = token ? await ctx.tokens.verify(token) : null;
      if (verified && !verified.ok && verified.reason === "expired")
        throw new HttpError(401, MESSAGES.sessionExpired, "token_expired");
      throw invalidToken();
    }
    const session = await renewSession(ctx, refreshToken);
    if (!session) throw invalidToken();
    reply.header("x-new-access-token", session.accessToken);
    reply.header("x-new-refresh-token", session.refreshToken);
    return { status: "ok" };
  });

  const getSession = {
    config: { access: "authenticated" as const, allowPasswordReset: true, loginAs: true },
    schema: { response: { 200: recordResponse("api/responses/current-session.json") } },
  };
  app.get(`${BASE}/get-session`, getSession, async (request) => {
    const user = request.loginAs
      ? await handedOverUser(ctx.db, ctx.bundle, request.user!.id, request.loginAs)
      : await loadSessionUser(ctx.db, ctx.bundle, request.user!.id);
    if (!user) throw invalidToken();
    // The PDF renderer is the requester under the pdf role alone (documents/pdf-caller.ts).
    if (request.pdf)
      return { user: { ...user, roles: request.user!.roles, permissions: [...request.user!.permissions] } };
    return { user };
  });

  // Public so that a client whose access token has expired can still end its session with the
  // refresh token; whatever it presents, the answer is 204 and the client forgets its tokens.
  app.post<{ Body: LogoutRequest }>(
    `${BASE}/logout`,
    {
      config: { access: "public", allowPasswordReset: true },
      schema: { body: { $ref: "api/logout.json" }, response: { 204: noContent } },
      // A sign-out usually carries no body; validate it as the empty object it means.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      clearRefreshCookie(reply, ctx.config.accounts);
      const ending = new Map<string, number>();
      const token = bearer(request);
      if (token) {
        // An expired access token still names its session (its signature is checked): the web
        // client, whose refresh token it cannot read, signs out with it.
        const verified = await ctx.tokens.verify(token, { allowExpired: true });
        if (verified.ok) ending.set(verified.claims.fam, Number(verified.claims.sub));
        // A handed-over device signing out (its inactivity timer) ends the clinician's session it came from.
        const handed = verified.ok ? null : await ctx.tokens.loginAs.verify(token, { allowExpired: true });
        if (handed?.ok) ending.set(handed.claims.familyId, handed.claims.clinicianId);
      }
      if (request.body.refreshToken) {
        const family = await findFamilyOfToken(ctx.db, request.body.refreshToken);
        if (family) ending.set(family.familyId, family.userId);
      }
      for (const [familyId, userId] of ending) {
        if (await revokeFamily(ctx.db, familyId))
          await logActivity(ctx.db, { userId, actorId: userId, code: ACTIVITY.signedOut, detail: { ip: request.ip } });
      }
      return reply.status(204).send();
    },
  );
}
