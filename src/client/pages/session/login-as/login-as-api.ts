import type { SessionResponse } from "../../../../../generated/types/api/session.ts";
import type { SessionUser } from "../../../../../generated/types/entities/user.ts";
import { api } from "../../../api/http.ts";
import { storeTokens } from "../../../api/tokens.ts";
import { adoptSession } from "../../../auth/session-actions.ts";
import { sessionStore } from "../../../auth/session-store.ts";
import { readItem, removeItem, STORAGE_KEYS, writeItem } from "../../../local-store.ts";
import { queryClient } from "../../../query-client.ts";

/**
 * Hands this device to a respondent (POST security/login-as/{ccauId}; docs/security/login-as.md).
 * The clinician's access token is replaced by the hand-over token and the server drops the
 * refresh cookie, so nothing of the clinician's session is left in the browser; nothing cached
 * for the clinician may show either.
 */
export async function handDeviceTo(ccauId: number): Promise<SessionUser> {
  const returnTo = window.location.pathname;
  const session = await api<SessionResponse>(`security/login-as/${ccauId}`, { method: "POST", renew: true });
  writeItem(STORAGE_KEYS.loginAsReturnTo, returnTo);
  queryClient.clear();
  storeTokens(session);
  // The inactivity timer starts afresh for the respondent, and still signs the device out.
  removeItem(STORAGE_KEYS.lastActivity);
  sessionStore.set({ status: "signedIn", user: session.user });
  return session.user;
}

/**
 * Takes the device back with the clinician's password: a fresh session of the clinician. Answers
 * where to go next: the chart the device was handed over from, else home.
 */
export async function returnToClinician(password: string): Promise<string> {
  const session = await api<SessionResponse>("security/return-to-clinician", { method: "POST", body: { password } });
  queryClient.clear();
  adoptSession(session);
  const returnTo = readItem(STORAGE_KEYS.loginAsReturnTo);
  removeItem(STORAGE_KEYS.loginAsReturnTo);
  return returnTo?.startsWith("/") && !returnTo.startsWith("//") ? returnTo : "/";
}

/** "Dr Lee": the clinician the device goes back to, as the locked view names them. */
export function clinicianName(user: SessionUser): string {
  const by = user.loginAs;
  return by ? `${by.clinicianFirstName} ${by.clinicianLastName}` : "your clinician";
}
