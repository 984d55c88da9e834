import type { Permission } from "../../shared/permissions.ts";
import { PATIENT_ACCESS } from "../auth/permissions.ts";

/** The clinician area's navigation; each entry shows only to users holding one of its permissions. */
export interface NavItem {
  label: string;
  to: string;
  anyOf: readonly Permission[];
}

export const NAV_ITEMS: readonly NavItem[] = [{ label: "Patients", to: "/clinician/patients", anyOf: PATIENT_ACCESS }];
