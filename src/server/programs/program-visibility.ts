import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import type { RequestUser } from "../auth/request-user.ts";

/**
 * Which programs a caller sees (issue 11 §1), in SQL, like patient-access.ts for charts:
 * - settings.admin or patients.viewAll: every program (admins manage them; staff and directors
 *   see the whole clinic);
 * - patients.viewAssigned: the programs they are on, directly or through one of their teams ("my");
 * - patients.viewSupervised: also the programs a clinician they supervise is on.
 * Nobody else sees any. `programId` is the program's id column (e.g. "e.id").
 */
export function programVisible(user: RequestUser, programId: string): RawBuilder<SqlBool> {
  const p = user.permissions;
  if (p.has("settings.admin") || p.has("patients.viewAll")) return sql<SqlBool>`true`;
  const id = sql.ref(programId);
  const me = sql.val(user.id);
  const clauses: RawBuilder<SqlBool>[] = [];
  if (p.has("patients.viewAssigned") || p.has("patients.viewSupervised")) clauses.push(programOf(me, id));
  if (p.has("patients.viewSupervised")) {
    clauses.push(sql<SqlBool>`exists (select 1 from supervision s
      where s.supervisor_id = ${me} and ${programOf(sql.ref("s.clinician_id"), id)})`);
  }
  if (clauses.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${sql.join(clauses, sql` or `)})`;
}

/** Whether `userId` is on the program: named on it, or a member of a team named on it. */
export function programOf(userId: Expression<unknown>, programId: Expression<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`(exists (select 1 from program_clinician pc
      where pc.program_id = ${programId} and pc.clinician_id = ${userId})
    or exists (select 1 from program_clinician_team pt join clinician_team_member tm on tm.team_id = pt.team_id
      where pt.program_id = ${programId} and tm.user_id = ${userId}))`;
}
