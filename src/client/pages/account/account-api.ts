import type { SessionResponse } from "../../../../generated/types/api/session.ts";
import type { AccountChoice } from "../../../shared/api/access-codes.ts";
import { api } from "../../api/http.ts";

export type { AccountChoice };

/** GET security/validate-token: the invitation link is live; the account's first name and any username. */
export interface SetupLink {
  valid: boolean;
  username?: string;
  firstName: string;
}

/** validate-access-code: signed in at once (one account), or a choice among several. */
export type AccessCodeAnswer =
  | (SessionResponse & { account?: AccountChoice })
  | { accounts: AccountChoice[]; selectionToken: string };

export function isSelection(answer: AccessCodeAnswer): answer is { accounts: AccountChoice[]; selectionToken: string } {
  return "selectionToken" in answer && Array.isArray(answer.accounts);
}

/** The spec's own words for stale links (§8); the server answers them too, with code link_expired. */
export const LINK_EXPIRED = "Your link has expired. Please try again.";
export const RESET_KEY_INVALID = "Reset key no longer valid";
/** The words of the server's username check (accounts/usernames.ts), for the courtesy check on blur. */
export const USERNAME_IN_USE = "Username already in use";
/** What forgot-password says whatever was typed: it never tells whether an account exists. */
export const RESET_LINK_SENT = "If we found your account, we sent a link to reset your password.";

export const accountApi = {
  validateToken: (token: string, signal?: AbortSignal) =>
    api<SetupLink>("security/validate-token", { query: { token }, signal }),
  usernameAvailable: (username: string, token: string) =>
    api<{ username: string; available: boolean }>("security/username", { query: { username, token } }),
  acceptCareTeamInvitation: (token: string) =>
    api<{ accepted: true; message: string }>("respondent-invitations/accept", { method: "POST", body: { token } }),
  setUp: (body: Record<string, unknown>) => api<SessionResponse>("security/account-setup", { method: "POST", body }),
  recoverUsername: (body: Record<string, unknown>) =>
    api<{ message: string }>("security/recover-username", { method: "POST", body }),
  forgotPassword: (body: Record<string, unknown>) =>
    api<{ message: string }>("security/forgot-password", { method: "POST", body }),
  resetPassword: (body: Record<string, unknown>) =>
    api<SessionResponse>("security/reset-password", { method: "POST", body }),
  requestAccessCode: (body: Record<string, unknown>) =>
    api<{ message: string }>("security/generate-access-code", { method: "POST", body }),
  validateAccessCode: (body: Record<string, unknown>) =>
    api<AccessCodeAnswer>("security/validate-access-code", { method: "POST", body }),
  selectAccount: (body: { selectionToken: string; accountId: number }) =>
    api<SessionResponse & { account?: AccountChoice }>("security/select-account", { method: "POST", body }),
};
