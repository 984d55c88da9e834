import type { SessionUser } from "../../../../generated/types/entities/user.ts";

const ACTIVE = 2;

/**
 * Spec §2: change-password is for the respondent role only, and only while the account is
 * active (a respondent in another status uses forgot password); a clinician acting as a
 * respondent never changes the respondent's password.
 */
export function canChangePassword(user: SessionUser): boolean {
  return user.roles.includes("respondent") && user.status === ACTIVE && user.loggedAsRespondent !== true;
}
