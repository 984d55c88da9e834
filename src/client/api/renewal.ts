import type { SessionUser } from "../../../generated/types/entities/user.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import { ApiError } from "./api-error.ts";
import { apiHandlers } from "./api-events.ts";
import { asRecord, errorFromResponse, networkError, readJson, tokensFromHeaders } from "./response.ts";
import { clearTokens, isTokenFresh, storedTokens, storeTokens, type TokenPair } from "./tokens.ts";

/** A settled renewal is reused this long, so a burst of calls renews once (spec §4, §9). */
export const SHARED_RENEWAL_MS = 2_000;

/**
 * renew-token: before a call, when the access token is expired or missing.
 * keep-alive: after a 401 token_expired (the contract's x-refresh-token path).
 */
export type RenewalRoute = "renew-token" | "keep-alive";

let shared: Promise<void> | null = null;

/**
 * Renews the token pair. Concurrent callers share one renewal; it is forgotten 2 s after it settles.
 * Resolves when fresh tokens are stored. Rejects with ApiError: after signing out when the server
 * refused the refresh token, or without signing out when the server was unreachable or failing
 * (a laptop offline for a minute should not lose its session).
 */
export function renewSession(route: RenewalRoute): Promise<void> {
  if (shared) return shared;
  const startedWith = storedTokens().refreshToken;
  const attempt = acrossTabs(() => renewOnce(route, startedWith));
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
 * Refresh tokens are single-use and a reused one revokes its whole family, so two tabs must never
 * renew with the same token. The Web Locks API serialises renewals across tabs where it exists.
 */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? locks.request("mbc.token-renewal", task) : task();
}

async function renewOnce(route: RenewalRoute, startedWith: string | null): Promise<void> {
  const { accessToken, refreshToken } = storedTokens();
  // Another tab renewed while this one waited for the lock: its tokens are ours too.
  if (refreshToken && refreshToken !== startedWith && isTokenFresh(accessToken)) return;
  if (!refreshToken) throw endSession();

  let res: Response;
  try {
    res =
      route === "renew-token"
        ? await fetch("/api/security/renew-token", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ refreshToken }),
          })
        : await fetch("/api/security/keep-alive", { headers: { "x-refresh-token": refreshToken } });
  } catch {
    throw networkError();
  }
  const body = asRecord(await readJson(res));
  if (res.status === 503) {
    apiHandlers().maintenance();
    throw errorFromResponse(res, body);
  }
  if (res.status >= 500) throw errorFromResponse(res, body);
  if (!res.ok) throw endSession();

  const pair: TokenPair | null =
    route === "renew-token"
      ? typeof body.accessToken === "string" && typeof body.refreshToken === "string"
        ? { accessToken: body.accessToken, refreshToken: body.refreshToken }
        : null
      : tokensFromHeaders(res);
  if (!pair) throw endSession();
  storeTokens(pair);
  if (body.user && typeof body.user === "object") apiHandlers().sessionRenewed(body.user as SessionUser);
}

/** The refresh token is spent, revoked or missing: nothing can renew this session any more. */
function endSession(): ApiError {
  clearTokens();
  apiHandlers().sessionEnded();
  return new ApiError(401, MESSAGES.invalidAccessToken, "invalid_token");
}
