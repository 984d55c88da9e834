import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The cookie holding the refresh token, and the one path it is sent to. */
export const REFRESH_COOKIE = "mbc_refresh";
export const RENEW_PATH = "/api/security/renew-token";
/**
 * The web client's request header: "keep my refresh token in the cookie, out of the answer's
 * body". API clients without it keep receiving the token in the body, as before.
 */
export const TRANSPORT_HEADER = "x-refresh-token-transport";

/**
 * Where the browser keeps its refresh token (issue 8 §5): an HttpOnly cookie (no script can read
 * it, so an injected script cannot carry it away and keep the session alive elsewhere), Secure
 * when PUBLIC_URL is https, SameSite=Strict and Path=/api/security/renew-token, so it travels on
 * one request only: renewal.
 *
 * CSRF: a cross-site page cannot make the browser send it (SameSite=Strict), and renew-token
 * additionally takes only a JSON body (a form can post only urlencoded, multipart or text bodies,
 * which the server refuses, and a cross-site fetch with application/json needs a CORS preflight
 * the server never grants). Even a renewal forced through would only rotate the token; its answer
 * (the new access token) goes to the page that asked, which a cross-site page cannot read.
 *
 * Every answer carrying a session (login, renew-token, change-password, account setup, reset
 * password, access-code sign-in) sets the cookie. Its body keeps the token only for API clients:
 * never when the request asked for the cookie or renewed through the cookie, so a script in the
 * page cannot read the token out of a renewal's answer either.
 */
export async function registerRefreshCookie(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  const secure = opts.publicUrl.toLowerCase().startsWith("https:");
  await app.register(cookie);
  app.addHook("preSerialization", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!isSession(payload)) return payload;
    reply.setCookie(REFRESH_COOKIE, payload.refreshToken, {
      httpOnly: true,
      secure,
      sameSite: "strict",
      path: RENEW_PATH,
    });
    if (!wantsCookieOnly(request)) return payload;
    const { refreshToken: _kept, ...rest } = payload;
    return rest;
  });
}

/** The refresh token the browser presented in its cookie, if any. */
export function refreshTokenFromCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[REFRESH_COOKIE];
  return value ? value : undefined;
}

/** Sign-out: the browser forgets the cookie (set expired on the same path). */
export function clearRefreshCookie(reply: FastifyReply, opts: { publicUrl: string }): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure: opts.publicUrl.toLowerCase().startsWith("https:"),
    sameSite: "strict",
    path: RENEW_PATH,
  });
}

function wantsCookieOnly(request: FastifyRequest): boolean {
  const header = request.headers[TRANSPORT_HEADER];
  return header === "cookie" || Boolean(refreshTokenFromCookie(request));
}

function isSession(payload: unknown): payload is { refreshToken: string; accessToken: string } {
  if (!payload || typeof payload !== "object") return false;
  const p = payload as Record<string, unknown>;
  return typeof p.refreshToken === "string" && typeof p.accessToken === "string" && typeof p.user === "object";
}
