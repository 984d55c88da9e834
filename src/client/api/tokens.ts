import { readItem, removeItem, STORAGE_KEYS, writeItem } from "../local-store.ts";

/**
 * What the browser keeps of a session: the short-lived access token only. The refresh token is an
 * HttpOnly cookie scoped to the renew path (server auth/refresh-cookie.ts): sent by the browser on
 * renewal, never readable here.
 */
export interface TokenPair {
  accessToken: string;
}

/**
 * An access token this close to its expiry is renewed before use, so it cannot expire while the
 * request travels or because the browser's clock runs a little behind the server's.
 */
export const EXPIRY_MARGIN_MS = 10_000;

/**
 * A session of this tab alone (a PDF-rendering context signed in with a pdf-key, spec §2): kept in
 * memory, never in localStorage, so it is not shared with other tabs, does not outlive the page
 * and cannot replace or sign out the session a clinician holds in the same browser.
 * It has no refresh token: it ends when its access token does (renewal.ts).
 */
let tabOnlyToken: string | null = null;

/** Starts a session of this tab alone; from now on every call of this tab sends this token. */
export function adoptTabOnlyToken(accessToken: string): void {
  tabOnlyToken = accessToken;
}

/** True while this tab holds a session of its own (a PDF-rendering context). */
export function hasTabOnlySession(): boolean {
  return tabOnlyToken !== null;
}

/** The stored access token; its presence (even expired) means this browser holds a session. */
export function storedTokens(): { accessToken: string | null } {
  if (tabOnlyToken !== null) return { accessToken: tabOnlyToken };
  return { accessToken: readItem(STORAGE_KEYS.accessToken) };
}

export function storeTokens(pair: TokenPair): void {
  if (tabOnlyToken !== null) {
    tabOnlyToken = pair.accessToken;
    return;
  }
  writeItem(STORAGE_KEYS.accessToken, pair.accessToken);
  removeItem(STORAGE_KEYS.legacyRefreshToken);
}

/** Forgets the session: a tab-only one is forgotten by this tab alone, the browser's stays for its other tabs. */
export function clearTokens(): void {
  if (tabOnlyToken !== null) {
    tabOnlyToken = null;
    return;
  }
  removeItem(STORAGE_KEYS.accessToken);
  removeItem(STORAGE_KEYS.legacyRefreshToken);
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, or null when the token is not a readable JWT. */
function jwtClaims(token: string | null): Record<string, unknown> | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    return claims && typeof claims === "object" ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Expiry of a JWT in epoch milliseconds, read from its payload's `exp`, or null when there is none.
 * The client never verifies the signature: only the server can, and does.
 */
export function tokenExpiry(token: string): number | null {
  const exp = jwtClaims(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
}

/** True when the token can still be sent: readable, and not expired (or about to be). */
export function isTokenFresh(token: string | null, now = Date.now()): boolean {
  if (!token) return false;
  const expiry = tokenExpiry(token);
  return expiry !== null && expiry - EXPIRY_MARGIN_MS > now;
}

/** The user id an access token was issued to (its `sub`), or null. */
export function tokenSubject(token: string | null): string | null {
  const sub = jwtClaims(token)?.sub;
  return typeof sub === "string" ? sub : null;
}
