import type { SessionUser } from "../../../../generated/types/entities/user.ts";
import type { Permission } from "../../../shared/permissions.ts";
import { ANALYTICS_ACCESS, hasAnyPermission } from "../../auth/permissions.ts";

export { ANALYTICS_ACCESS };
/** The outcomes explorer is the analytics role's alone (spec §2 Analytics). */
export const OUTCOMES_ACCESS: readonly Permission[] = ["analytics.outcomes"];

/** The analytics area's tabs, each shown only to those who may open it. */
const SECTIONS: { label: string; to: string; anyOf: readonly Permission[] }[] = [
  { label: "Outcomes explorer", to: "/analytics/outcomes-explorer", anyOf: OUTCOMES_ACCESS },
  { label: "Usage: patients", to: "/analytics/usage/patients", anyOf: ANALYTICS_ACCESS },
  { label: "Usage: clinical", to: "/analytics/usage/clinical", anyOf: ANALYTICS_ACCESS },
  { label: "Usage: measures", to: "/analytics/usage/measures", anyOf: ANALYTICS_ACCESS },
];

export function analyticsSectionsFor(user: SessionUser | null) {
  return SECTIONS.filter((s) => hasAnyPermission(user, s.anyOf));
}

/** Spec §2: "the layout redirects to the outcomes explorer for the analytics role, otherwise to usage patients". */
export function analyticsHome(user: SessionUser | null): string {
  return hasAnyPermission(user, OUTCOMES_ACCESS) ? "/analytics/outcomes-explorer" : "/analytics/usage/patients";
}
