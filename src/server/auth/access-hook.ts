import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { loadPdfCaller, pdfMayRead } from "../documents/pdf-caller.ts";
import { HttpError } from "../http/http-error.ts";
import type { AccessTokens } from "./access-token.ts";
import { loadTokenUser } from "./load-user.ts";
import { loadLoginAsCaller } from "./login-as-caller.ts";
import type { RouteAccess } from "./request-user.ts";

export const ACCOUNT_STATUS = { inactive: 1, active: 2, notInvited: 3, invited: 4, passwordReset: 5 } as const;

/** The token of an `Authorization: Bearer ...` header, or null. */
export function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Enforces each route's declared access before anything else runs (spec §6; issue 2 §3).
 * 401 invalid_token: no or bad token (the client signs out). 401 token_expired: renew and retry.
 * 403 password_reset_required: status 5 may only reach routes marked allowPasswordReset.
 * 403 forbidden: signed in without the permission. Patient routes turn "not yours" into 404 themselves.
 */
export function registerAccessHook(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; bundle: SchemaBundle; tokens: AccessTokens },
): void {
  app.decorateRequest("user", null);
  app.decorateRequest("loginAs", null);
  app.decorateRequest("pdf", null);

  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/") && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no config.access`);
    }
  });

  app.addHook("onRequest", async (request) => {
    // request.routeOptions builds a new object on every read: read the route's config once.
    const config = request.routeOptions.config;
    const access: RouteAccess | undefined = config?.access;
    if (!access) return; // static files and the 404 handler
    const token = bearer(request);
    if (token) {
      let verified = await deps.tokens.verify(token);
      if (verified.ok) {
        const id = Number(verified.claims.sub);
        request.user = Number.isSafeInteger(id)
          ? await loadTokenUser(deps.db, deps.bundle, id, verified.claims.fam)
          : null;
      } else if (verified.reason === "invalid") {
        // Not an access token: perhaps a device handed to a respondent (login-as-caller.ts).
        const handed = await deps.tokens.loginAs.verify(token);
        if (handed.ok) {
          const found = await loadLoginAsCaller(deps.db, deps.bundle, handed.claims);
          request.user = found?.user ?? null;
          request.loginAs = found?.loginAs ?? null;
        } else if (handed.reason === "invalid") {
          // Nor that: perhaps the headless browser rendering one document (documents/pdf-caller.ts).
          const rendering = await deps.tokens.pdf.verify(token);
          if (rendering.ok) {
            const found = await loadPdfCaller(deps.db, deps.bundle, rendering.claims);
            request.user = found?.user ?? null;
            request.pdf = found?.scope ?? null;
          } else verified = rendering;
        } else verified = handed;
      }
      if (access !== "public") {
        if (!verified.ok && verified.reason === "expired")
          throw new HttpError(401, MESSAGES.sessionExpired, "token_expired");
        if (!request.user) throw new HttpError(401, MESSAGES.invalidAccessToken, "invalid_token");
      }
    }
    // A PDF token reads its one report and nothing else: any other call is refused as if it had
    // no session (issue 14 §4: "the pdf key ... used for another report: 401").
    if (request.pdf && !pdfMayRead(request.pdf, request.method, request.routeOptions.url ?? "", request.params)) {
      throw new HttpError(401, MESSAGES.pdfOtherReport, "invalid_token");
    }
    if (request.loginAs && !config?.loginAs) {
      // A handed-over device reaches the respondent's questionnaires and nothing else; on a
      // public route it counts as no session at all.
      if (access !== "public") throw new HttpError(403, MESSAGES.forbidden, "forbidden");
      request.user = null;
      request.loginAs = null;
    }
    if (access === "public") {
      // A public route may still use a caller's session (e.g. the username check for admins), but
      // only one that could call a signed-in route: a deactivated account's or a pending password
      // reset's unexpired token counts as no session, not as its old rights.
      if (request.user && !request.loginAs && !sessionUsable(request.user.status, config?.allowPasswordReset))
        request.user = null;
      return;
    }
    const user = request.user;
    if (!user) throw new HttpError(401, MESSAGES.invalidAccessToken, "invalid_token");
    // A handed-over device was checked by loadLoginAsCaller (the respondent need not sign in
    // themself, spec §2 Guards); anyone else holds a session only while Active or Password Reset,
    // and deactivating or un-inviting cuts them off at once.
    if (!request.loginAs && user.status !== ACCOUNT_STATUS.active && user.status !== ACCOUNT_STATUS.passwordReset) {
      throw new HttpError(401, MESSAGES.accountInactive, "invalid_token");
    }
    if (!request.loginAs && user.status === ACCOUNT_STATUS.passwordReset && !config?.allowPasswordReset) {
      throw new HttpError(403, MESSAGES.passwordResetRequired, "password_reset_required");
    }
    if (typeof access === "object" && !access.anyOf.some((p) => user.permissions.has(p))) {
      throw new HttpError(403, MESSAGES.forbidden, "forbidden");
    }
  });
}

/** Whether an account in this status may use its session on a route (allowPasswordReset: the route's flag). */
function sessionUsable(status: number, allowPasswordReset = false): boolean {
  return status === ACCOUNT_STATUS.active || (status === ACCOUNT_STATUS.passwordReset && allowPasswordReset);
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Status 5 (Password Reset) users may call this route: change-password, get-session, logout. */
    allowPasswordReset?: boolean;
  }
}
