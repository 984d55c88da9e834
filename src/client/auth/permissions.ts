import type { SessionUser } from "../../../generated/types/entities/user.ts";
import type { Permission } from "../../shared/permissions.ts";

/** Any of these opens the clinician area (spec §6: clinician pages are for clinical roles). */
export const PATIENT_ACCESS: readonly Permission[] = [
  "patients.viewAll",
  "patients.viewAssigned",
  "patients.viewSupervised",
];

/** Either level opens the settings area (spec §6: settings need the admin or staff level). */
export const SETTINGS_ACCESS: readonly Permission[] = ["settings.admin", "settings.staff"];

/** Either opens the analytics area (spec §6: usage needs the usage role or the analytics role). */
export const ANALYTICS_ACCESS: readonly Permission[] = ["analytics.usage", "analytics.outcomes"];

/** The server's list on the user decides; the client only mirrors it to hide what would fail. */
export function hasAnyPermission(user: SessionUser | null, anyOf: readonly Permission[]): boolean {
  if (!user) return false;
  return anyOf.some((p) => user.permissions.includes(p));
}

export function needsPasswordChange(user: SessionUser): boolean {
  // A clinician acting as a respondent is not sent to change the respondent's password (spec §2).
  return user.mustChangePassword === true && user.loggedAsRespondent !== true;
}

function isRespondent(user: SessionUser): boolean {
  return (
    user.loggedAsRespondent === true || (user.user_type === "patient" && hasAnyPermission(user, ["respondent.session"]))
  );
}

/** Clinicians' own caseload (assigned or supervised patients): what Home's worklists are for. */
const CASELOAD_ACCESS: readonly Permission[] = ["patients.viewAssigned", "patients.viewSupervised"];

/**
 * Where "/" leads (spec §2 Home; docs/home.md): the forced password change first, respondents to
 * their session, clinicians (a caseload of their own) to Home's worklists, everyone else with
 * analytics (directors: spec §2, the program director's board figures) to the outcomes explorer, and
 * everyone else with patient access (staff, admins: the whole clinic) to the patient list.
 */
export function homePath(user: SessionUser): string {
  if (needsPasswordChange(user)) return "/force-reset-password";
  if (isRespondent(user)) return "/session";
  if (hasAnyPermission(user, CASELOAD_ACCESS)) return "/clinician/home";
  // Admins also see analytics, but their day is the clinic's accounts and patients.
  if (hasAnyPermission(user, ANALYTICS_ACCESS) && !hasAnyPermission(user, SETTINGS_ACCESS)) return "/analytics";
  if (hasAnyPermission(user, PATIENT_ACCESS)) return "/clinician/patients";
  if (hasAnyPermission(user, ["respondent.session"])) return "/session";
  return "/clinician/patients";
}
