import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { RequestUser } from "../../auth/request-user.ts";
import { chartVisible } from "../../patients/patient-access.ts";

/**
 * Which records a usage number counts (docs/analytics-usage.md, "Scope"). The data model gives
 * patients no location (only programs and clinical users have one), so the scope is the caller's
 * patient access: the one access rule (patient-access.ts), not a second one for analytics.
 * Directors and admins see every chart, so their numbers are the whole clinic's; a supervisor
 * (analytics.usage) counts their own and their supervised clinicians' charts.
 */
export function chartInScope(user: RequestUser, ccaIdColumn: string): RawBuilder<SqlBool> {
  return chartVisible(user, "visible", ccaIdColumn);
}

/**
 * Whose sign-ins the caller may count: every clinical user for those who see the whole clinic
 * (patients.viewAll); otherwise themself and the clinicians they supervise, the people whose
 * work they already see through the supervised view.
 */
export function clinicalUserInScope(user: RequestUser, userIdColumn: string): RawBuilder<SqlBool> {
  if (user.permissions.has("patients.viewAll")) return sql<SqlBool>`true`;
  const who = sql.ref(userIdColumn);
  return sql<SqlBool>`(${who} = ${user.id} or exists (select 1 from supervision sv
    where sv.supervisor_id = ${user.id} and sv.clinician_id = ${who}))`;
}
