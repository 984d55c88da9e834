import type { ComponentType } from "react";
import type { Permission } from "../../shared/permissions.ts";
import { ANALYTICS_ACCESS, PATIENT_ACCESS, SETTINGS_ACCESS } from "../auth/permissions.ts";
import { ActiveAlertsBadge } from "../pages/alerts/ActiveAlertsBadge.tsx";

/** The clinician area's navigation; each entry shows only to users holding one of its permissions. */
export interface NavItem {
  label: string;
  to: string;
  anyOf: readonly Permission[];
  /** Shown after the label, e.g. the count of active alerts. */
  badge?: ComponentType;
  /** A general setting that must be on for the entry to exist (programs_enabled). */
  when?: "programs_enabled";
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Home", to: "/clinician/home", anyOf: PATIENT_ACCESS },
  { label: "Patients", to: "/clinician/patients", anyOf: PATIENT_ACCESS },
  { label: "My programs", to: "/clinician/my-programs", anyOf: PATIENT_ACCESS, when: "programs_enabled" },
  { label: "Respondents", to: "/clinician/respondents", anyOf: PATIENT_ACCESS },
  { label: "Alerts", to: "/clinician/alert-list", anyOf: PATIENT_ACCESS, badge: ActiveAlertsBadge },
  { label: "Measures", to: "/clinician/measures", anyOf: PATIENT_ACCESS },
  { label: "Analytics", to: "/analytics", anyOf: ANALYTICS_ACCESS },
  { label: "Settings", to: "/settings", anyOf: SETTINGS_ACCESS },
];
