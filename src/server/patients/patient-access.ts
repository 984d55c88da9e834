import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import { allowedPatientViews, defaultPatientView, type PatientView } from "../../shared/permissions.ts";
import { enumOptions, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { HttpError } from "../http/http-error.ts";

/**
 * Who may see which chart (spec §6; domain.md access_control_id), enforced in SQL by every
 * patient query: this module is the only place the rule is written.
 *
 * A chart is a client_clinic_assignment row; its clinicians (cca_clinician) and clinician teams
 * (cca_team) decide who sees it. A user's charts are the union of what their permissions allow:
 * - patients.viewAll: every chart ("all").
 * - patients.viewAssigned: charts they are assigned to, directly or as a member of an assigned team ("my");
 *   "team" narrows that to the charts of their clinician teams, for reviewing a team's caseload.
 * - patients.viewSupervised: charts assigned (directly or via a team) to a clinician they supervise ("supervised").
 *
 * A program is a way of being assigned too (issue 11 §2, docs/programs-episodes.md): a clinician
 * on a program, directly (program_clinician) or through a team (program_clinician_team), sees the
 * charts with an open admission to it (access_control_program not finally discharged) as if
 * assigned to them: in "my", in "team" when through their team, and their supervisor in
 * "supervised". A final discharge ends that path; the chart's own clinicians and teams stay.
 *
 * The patient list shows one of those sets (its view); single-patient routes use the union, and a
 * chart outside it is answered exactly like a chart that does not exist.
 */
export type ChartScope = PatientView | "visible";

/** An admission of the chart (alias `acp`) that still gives its program's people the chart: not finally discharged. */
function openAdmission(ccaId: Expression<unknown>, onProgram: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from access_control_program acp
               where acp.cca_id = ${ccaId} and acp.discharge_status is distinct from 'final' and ${onProgram})`;
}

/** The program of `acp` names the clinician `clinicianId` directly. */
const programNames = (clinicianId: Expression<unknown>) =>
  sql<SqlBool>`exists (select 1 from program_clinician pc where pc.program_id = acp.program_id and pc.clinician_id = ${clinicianId})`;

/** The program of `acp` names a team `memberId` belongs to. */
const programTeamHas = (memberId: Expression<unknown>) =>
  sql<SqlBool>`exists (select 1 from program_clinician_team pt join clinician_team_member ptm on ptm.team_id = pt.team_id
               where pt.program_id = acp.program_id and ptm.user_id = ${memberId})`;

function assignedTo(userId: Expression<unknown>, ccaId: Expression<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`(exists (select 1 from cca_clinician ac where ac.cca_id = ${ccaId} and ac.clinician_id = ${userId})
    or ${ofTeamsOf(userId, ccaId)}
    or ${openAdmission(ccaId, programNames(userId))})`;
}

function ofTeamsOf(userId: Expression<unknown>, ccaId: Expression<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`(exists (select 1 from cca_team tte join clinician_team_member tm on tm.team_id = tte.team_id
               where tte.cca_id = ${ccaId} and tm.user_id = ${userId})
    or ${openAdmission(ccaId, programTeamHas(userId))})`;
}

function supervisedBy(userId: Expression<unknown>, ccaId: Expression<unknown>): RawBuilder<SqlBool> {
  const supervisee = sql.ref("s.clinician_id");
  return sql<SqlBool>`(exists (select 1 from cca_clinician sc join supervision s on s.clinician_id = sc.clinician_id
               where sc.cca_id = ${ccaId} and s.supervisor_id = ${userId})
    or exists (select 1 from cca_team st join clinician_team_member sm on sm.team_id = st.team_id
               join supervision s on s.clinician_id = sm.user_id
               where st.cca_id = ${ccaId} and s.supervisor_id = ${userId})
    or exists (select 1 from supervision s where s.supervisor_id = ${userId}
               and ${openAdmission(ccaId, sql<SqlBool>`(${programNames(supervisee)} or ${programTeamHas(supervisee)})`)}))`;
}

/**
 * Whether the user (a column or value) is responsible for the chart: assigned to it (directly or
 * through a team) or supervising a clinician who is. The people an unacknowledged alert's
 * reminder goes to (alerts/escalation.ts): the "my" and "supervised" views, read the other way round.
 */
export function responsibleForChart(userId: Expression<unknown>, ccaId: Expression<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${assignedTo(userId, ccaId)} or ${supervisedBy(userId, ccaId)})`;
}

function viewPredicate(
  view: PatientView,
  userId: Expression<unknown>,
  ccaId: Expression<unknown>,
): RawBuilder<SqlBool> {
  if (view === "all") return sql<SqlBool>`true`;
  if (view === "my") return assignedTo(userId, ccaId);
  if (view === "team") return ofTeamsOf(userId, ccaId);
  return supervisedBy(userId, ccaId);
}

/**
 * A boolean SQL expression: may `user` see the chart whose id is the column `ccaIdColumn`
 * (e.g. "cca.id")? A view the user may not use, or no patient permission at all, is false.
 */
export function chartVisible(user: RequestUser, scope: ChartScope, ccaIdColumn: string): RawBuilder<SqlBool> {
  const allowed = allowedPatientViews([...user.permissions]);
  const views = scope === "visible" ? allowed : allowed.filter((v) => v === scope);
  if (views.includes("all")) return sql<SqlBool>`true`;
  if (views.length === 0) return sql<SqlBool>`false`;
  const userId = sql.val(user.id);
  const ccaId = sql.ref(ccaIdColumn);
  return sql<SqlBool>`(${sql.join(
    views.map((v) => viewPredicate(v, userId, ccaId)),
    sql` or `,
  )})`;
}

/** 403 for a view the caller's permissions do not give, naming it and the views they have. */
function viewRefused(bundle: SchemaBundle, requested: PatientView, views: PatientView[]): HttpError {
  const labels = new Map(enumOptions(schemaById(bundle, "enums/patient-view.json")).map((o) => [o.value, o.label]));
  const label = (v: PatientView) => labels.get(v) ?? v;
  const message = `You can't use the view "${label(requested)}". Your views: ${views.map(label).join(", ")}.`;
  return new HttpError(403, message, "forbidden", [{ field: "view", message }]);
}

/**
 * The list view to show: the one asked for (403 when the user may not use it), else the user's
 * saved patientsList.view when still allowed, else their role's default.
 */
export function resolveListView(
  user: RequestUser,
  bundle: SchemaBundle,
  requested: PatientView | undefined,
  saved: unknown,
): { view: PatientView; views: PatientView[] } {
  const permissions = [...user.permissions];
  const views = allowedPatientViews(permissions);
  if (requested) {
    if (!views.includes(requested)) throw viewRefused(bundle, requested, views);
    return { view: requested, views };
  }
  if (typeof saved === "string" && (views as string[]).includes(saved)) return { view: saved as PatientView, views };
  const view = defaultPatientView(user.roles, permissions, bundle);
  if (!view) throw new HttpError(403, MESSAGES.forbidden, "forbidden");
  return { view, views };
}
