import type { SessionResponse } from "../../../generated/types/api/session.ts";
import type { SessionUser } from "../../../generated/types/entities/user.ts";
import { ApiError } from "../api/api-error.ts";
import { api } from "../api/http.ts";
import { renewSession } from "../api/renewal.ts";
import { clearTokens, hasTabOnlySession, isTokenFresh, storedTokens, storeTokens } from "../api/tokens.ts";
import { clearItems, OPENED_PROGRAMS_PREFIX, removeItem, STORAGE_KEYS } from "../local-store.ts";
import { queryClient } from "../query-client.ts";
import { signInWithPdfKey, takePdfKey } from "./pdf-sign-in.ts";
import { needsPasswordChange } from "./permissions.ts";
import { type SessionEnd, sessionStore } from "./session-store.ts";
import { fetchUiSettings, uiSettingsKey } from "./ui-settings-query.ts";

export type { SessionResponse };

/** Stores a fresh session: tokens, user, and a new inactivity deadline. */
export function adoptSession(session: SessionResponse): void {
  const previous = sessionStore.get();
  // Nothing cached for someone else may be shown to this user.
  if (previous.status !== "signedIn" || previous.user.id !== session.user.id) queryClient.clear();
  storeTokens(session);
  // Activity left by an earlier session must not sign this one out; the timer starts afresh.
  removeItem(STORAGE_KEYS.lastActivity);
  sessionStore.set({ status: "signedIn", user: session.user });
  preloadUserData(session.user);
}

/** Per-user UI settings follow the user to any browser: fetched as soon as they sign in. */
function preloadUserData(user: SessionUser): void {
  if (needsPasswordChange(user)) return; // the server refuses everything but the password change
  void queryClient.prefetchQuery({ queryKey: uiSettingsKey(user.id), queryFn: fetchUiSettings });
}

export async function login(username: string, password: string): Promise<SessionUser> {
  const session = await api<SessionResponse>("security/login", { method: "POST", body: { username, password } });
  adoptSession(session);
  return session.user;
}

/**
 * Forgets everything this browser holds for the session: tokens, cached server data, local state
 * (all "mbc." keys but the app version and each user's opened programs). Used by sign-out,
 * timeouts and dead credentials alike.
 */
export function endSessionLocally(endedBy?: SessionEnd): void {
  // A PDF-rendering tab's session lives in the tab alone; the browser's stored state is someone else's.
  const tabOnly = hasTabOnlySession();
  clearTokens();
  if (!tabOnly) clearItems([STORAGE_KEYS.appVersion, STORAGE_KEYS.pdfPaper], [OPENED_PROGRAMS_PREFIX]);
  queryClient.clear();
  sessionStore.set({ status: "anonymous", endedBy });
}

/**
 * Sign out. The browser forgets the session at once (synchronously, so a caller can navigate to
 * the login page in the same tick); then the server is asked to revoke the refresh-token family,
 * named by the access token captured before it was cleared (the server accepts it expired for
 * this), and to clear the refresh cookie.
 */
export async function logout(endedBy: SessionEnd = "sign-out"): Promise<void> {
  const { accessToken } = storedTokens();
  endSessionLocally(endedBy);
  if (!accessToken) return;
  try {
    await api("security/logout", {
      method: "POST",
      body: {},
      headers: { authorization: `Bearer ${accessToken}` },
    });
  } catch {
    // Signed out locally either way; a refresh token the server did not hear about expires on its own.
  }
}

let loading: Promise<void> | null = null;

/**
 * At start: a print page opened with a pdf-key signs this tab in with it before any other call
 * (spec §2; pdf-sign-in.ts), then the session is confirmed with the server as always. The key
 * leaves the address synchronously, before the router reads it.
 */
export async function startSession(): Promise<void> {
  const key = takePdfKey();
  if (key !== null && !(await signInWithPdfKey(key))) return;
  await loadSession();
}

/** At start: a stored session is confirmed with the server (get-session) before anything shows. */
export function loadSession(): Promise<void> {
  loading ??= (async () => {
    if (!storedTokens().accessToken) {
      sessionStore.set({ status: "anonymous" });
      return;
    }
    sessionStore.set({ status: "loading" });
    try {
      const { user } = await api<{ user: SessionUser }>("security/get-session", { renew: true });
      sessionStore.set({ status: "signedIn", user });
      preloadUserData(user);
    } catch (error) {
      // Unreachable or failing server: keep the tokens, the user may try again in a moment.
      if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
        sessionStore.set({ status: "unreachable" });
      } else {
        endSessionLocally("expired");
      }
    }
  })().finally(() => {
    loading = null;
  });
  return loading;
}

/**
 * "Stay signed in" (spec §4): tells the server the user is still here. With an expired access
 * token it renews (through the refresh cookie) instead.
 */
export async function keepAlive(): Promise<void> {
  if (!isTokenFresh(storedTokens().accessToken)) return renewSession();
  await api("security/keep-alive");
}
