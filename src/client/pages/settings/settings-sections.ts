import type { SessionUser } from "../../../../generated/types/entities/user.ts";
import type { Permission } from "../../../shared/permissions.ts";
import { hasAnyPermission } from "../../auth/permissions.ts";
import { settingsPaths } from "./settings-paths.ts";

/**
 * The settings pages and who may open them (spec §6: settings need the admin or staff level,
 * patient users for one, the other pages for the other). The server checks the same permissions
 * on every call; this list only decides what the settings menu offers.
 */
export interface SettingsSection {
  label: string;
  to: string;
  anyOf: readonly Permission[];
  /** A general setting that must be on for the section to exist (programs_enabled). */
  when?: "programs_enabled";
}

export const ADMIN_LEVEL: readonly Permission[] = ["settings.admin"];
export const STAFF_LEVEL: readonly Permission[] = ["settings.staff"];
export const AUDIT_LEVEL: readonly Permission[] = ["audit.read"];

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { label: "Clinical users", to: settingsPaths.clinicalUsers, anyOf: ADMIN_LEVEL },
  { label: "Clinician teams", to: settingsPaths.teams, anyOf: ADMIN_LEVEL },
  { label: "Locations", to: settingsPaths.locations, anyOf: ADMIN_LEVEL },
  { label: "Programs", to: settingsPaths.programs, anyOf: ADMIN_LEVEL, when: "programs_enabled" },
  { label: "Program types", to: settingsPaths.programTypes, anyOf: ADMIN_LEVEL, when: "programs_enabled" },
  { label: "Chart titles", to: settingsPaths.chartTexts, anyOf: ADMIN_LEVEL, when: "programs_enabled" },
  { label: "Patient users", to: settingsPaths.patientUsers, anyOf: STAFF_LEVEL },
  { label: "General", to: settingsPaths.general, anyOf: ADMIN_LEVEL },
  { label: "Outbox", to: settingsPaths.outbox, anyOf: ADMIN_LEVEL },
  { label: "Audit log", to: settingsPaths.auditLog, anyOf: AUDIT_LEVEL },
];

export function sectionsFor(
  user: SessionUser | null,
  settings: Partial<Record<"programs_enabled", unknown>> = {},
): SettingsSection[] {
  return SETTINGS_SECTIONS.filter(
    (section) => hasAnyPermission(user, section.anyOf) && (!section.when || settings[section.when] === true),
  );
}

/** Where /settings leads (spec §2: the redirect depends on the role): admins to clinical users, staff to patient users. */
export function settingsHome(user: SessionUser | null): string | null {
  if (hasAnyPermission(user, ADMIN_LEVEL)) return settingsPaths.clinicalUsers;
  if (hasAnyPermission(user, STAFF_LEVEL)) return settingsPaths.patientUsers;
  return null;
}
