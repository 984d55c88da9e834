import type { RouteAccess } from "../auth/request-user.ts";
import { FORM_LOOKUPS, SETTINGS_ADMIN } from "../settings/access.ts";

/**
 * Who may call the program routes (spec §6: admins manage programs). Reading is open to whoever
 * works with patients, and each list is cut to the programs the caller sees (program-visibility.ts).
 */
export const PROGRAMS_READ: RouteAccess = FORM_LOOKUPS;
export const PROGRAMS_MANAGE: RouteAccess = SETTINGS_ADMIN;
/** Every program of the clinic, whoever is on it: admins, and the clinic-wide views of staff, directors and analytics. */
export const PROGRAMS_ALL: RouteAccess = {
  anyOf: ["settings.admin", "patients.viewAll", "analytics.outcomes", "analytics.usage"],
};
