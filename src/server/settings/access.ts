import type { RouteAccess } from "../auth/request-user.ts";

/**
 * Who may use the settings area (spec §6): "settings need the admin or staff level, with
 * patient-users for one role and the other pages for the other". Locations, clinical users,
 * clinician teams and the general settings page are the admin level; patient users the staff level.
 */
export const SETTINGS_ADMIN: RouteAccess = { anyOf: ["settings.admin"] };
export const SETTINGS_STAFF: RouteAccess = { anyOf: ["settings.staff"] };

/**
 * Read-only pick lists that forms need (states, locations, teams, clinicians, supervisors): the
 * settings forms and the patient form alike, so whoever adds, edits or views patients may read them.
 */
export const FORM_LOOKUPS: RouteAccess = {
  anyOf: ["settings.admin", "patients.write", "patients.viewAll", "patients.viewAssigned", "patients.viewSupervised"],
};
