import type { SessionUser } from "../../../generated/types/entities/user.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import { ApiError, isBusyAnswer } from "./api-error.ts";
import { apiHandlers } from "./api-events.ts";
import { asRecord, errorFromResponse, networkError, readJson } from "./response.ts";
import { clearTokens, hasTabOnlySession, isTokenFresh, storedTokens, storeTokens, type TokenPair } from "./tokens.ts";

/** A settled renewal is reused this long, so a burst of calls renews once (spec §4, §9). */
export const SHARED_RENEWAL_MS = 2_000;

let shared: Promise<void> | null = null;

/** The request header asking the server to keep the refresh token in its cookie (server auth/refresh-cookie.ts). */
export const REFRESH_TRANSPORT_HEADER = { "x-refresh-token-transport": "cookie" } as const;

/**
 * Renews the access token through renew-token: the browser sends the HttpOnly refresh cookie
 * (this code never sees it) and gets the next access token, the cookie rotated alongside.
 * Concurrent callers share one renewal; it is forgotten 2 s after it settles.
 * Resolves when the fresh access token is stored. Rejects with ApiError: after signing out when the server
 * refused the refresh token, or without signing out when the server was unreachable or failing
 * (a laptop offline for a minute should not lose its session).
 */
export function renewSession(): Promise<void> {
  if (shared) return shared;
  const startedWith = storedTokens().accessToken;
  const attempt = acrossTabs(() => renewOnce(startedWith));
  shared = attempt;
  const forget = () => {
    setTimeout(() => {
      if (shared === attempt) shared = null;
    }, SHARED_RENEWAL_MS);
  };
  attempt.then(forget, forget);
  return attempt;
}

/** For tests: forget a shared renewal at once. */
export function resetRenewalForTests(): void {
  shared = null;
}

/**
 * Refresh tokens are single-use and a reused one revokes its whole family, so two tabs (sharing
 * one cookie) must never renew at the same time. The Web Locks API serialises renewals across tabs where it exists.
 */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? locks.request("mbc.token-renewal", task) : task();
}

async function renewOnce(startedWith: string | null): Promise<void> {
  // A PDF-rendering tab has no refresh token (tokens.ts): its session ends with its access token.
  if (hasTabOnlySession()) throw endSession();
  const { accessToken } = storedTokens();
  // Another tab renewed while this one waited for the lock: its access token is ours too.
  if (accessToken && accessToken !== startedWith && isTokenFresh(accessToken)) return;
  // No access token stored, not even an expired one: this browser holds no session.
  if (!accessToken) throw endSession();

  let res: Response;
  try {
    // A JSON body, always: a cross-site form cannot produce one (see the server's refresh-cookie.ts).
    res = await fetch("/api/security/renew-token", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", ...REFRESH_TRANSPORT_HEADER },
      body: "{}",
    });
  } catch {
    throw networkError();
  }
  const body = asRecord(await readJson(res));
  if (res.status === 503 && !isBusyAnswer(res.status, body.code)) {
    apiHandlers().maintenance();
    throw errorFromResponse(res, body);
  }
  if (res.status >= 500) throw errorFromResponse(res, body);
  if (!res.ok) throw endSession();

  const pair: TokenPair | null = typeof body.accessToken === "string" ? { accessToken: body.accessToken } : null;
  if (!pair) throw endSession();
  storeTokens(pair);
  if (body.user && typeof body.user === "object") apiHandlers().sessionRenewed(body.user as SessionUser);
}

/** The refresh cookie is spent, revoked, past its family's end or missing: nothing can renew this session any more. */
function endSession(): ApiError {
  clearTokens();
  apiHandlers().sessionEnded();
  return new ApiError(401, MESSAGES.invalidAccessToken, "invalid_token");
}
