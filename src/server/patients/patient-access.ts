import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import { allowedPatientViews, defaultPatientView, type PatientView } from "../../shared/permissions.ts";
import { enumOptions, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { HttpError } from "../http/http-error.ts";

/**
 * Who may see which chart (spec §6; domain.md access_control_id), enforced in SQL by every
 * patient query: this module is the only place queries ask it.
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
 * That rule is written once, in SQL: chart_access_rule() of migration 0021, whose triggers keep
 * its answer as rows of chart_access (user, chart, via 'clinician' | 'team' | 'supervisor') in
 * the same transaction as any change to an assignment, team, program, admission or supervision.
 * A view is then one semi-join on that table's index, which the planner can drive from either
 * side: walking a list's sort order and probing, or starting from the user's own charts (a small
 * caseload in a large clinic). An OR of EXISTS over the assignment tables could only be probed
 * row by row (issue 12 §3; docs/benchmarks.md).
 *
 * The patient list shows one of those sets (its view); single-patient routes use the union, and a
 * chart outside it is answered exactly like a chart that does not exist.
 */
export type ChartScope = PatientView | "visible";

/** The ways of seeing a chart (chart_access.via) each view is made of. */
const VIAS: Record<Exclude<PatientView, "all">, readonly string[]> = {
  my: ["clinician", "team"],
  team: ["team"],
  supervised: ["supervisor"],
};

/** The ways as constants, not parameters: the planner estimates the rows of each from the table's statistics. */
const waysSql = (vias: readonly string[]) => sql.join(vias.map((v) => sql.lit(v)));

/**
 * The user (a column or value) sees the chart, named by its id or its patient's id (a column or
 * value), in one of the ways given.
 */
function sees(
  userId: Expression<unknown>,
  key: { ccaId: Expression<unknown> } | { patientId: Expression<unknown> },
  vias: readonly string[],
): RawBuilder<SqlBool> {
  const chart = "ccaId" in key ? sql`seen_by.cca_id = ${key.ccaId}` : sql`seen_by.patient_id = ${key.patientId}`;
  // An alias no caller uses, so the column passed in never resolves to this subquery.
  return sql<SqlBool>`exists (select 1 from chart_access seen_by
    where seen_by.user_id = ${userId} and ${chart} and seen_by.via in (${waysSql(vias)}))`;
}

/** The ways of seeing a chart that make up the views of `scope` the user may use; null: every chart. */
function viasOf(user: RequestUser, scope: ChartScope): string[] | null {
  const allowed = allowedPatientViews([...user.permissions]);
  const views = scope === "visible" ? allowed : allowed.filter((v) => v === scope);
  if (views.includes("all")) return null;
  return [...new Set(views.flatMap((v) => (v === "all" ? [] : VIAS[v])))];
}

/**
 * Whether the user (a column or value) is responsible for the chart: assigned to it (directly or
 * through a team) or supervising a clinician who is. The people an unacknowledged alert's
 * reminder goes to (alerts/escalation.ts): the "my" and "supervised" views, read the other way round.
 */
export function responsibleForChart(userId: Expression<unknown>, ccaId: Expression<unknown>): RawBuilder<SqlBool> {
  return sees(userId, { ccaId }, [...VIAS.my, ...VIAS.supervised]);
}

/** Whether the user sees every chart (chartVisible is then `true`): a query may skip what only that condition reads. */
export function seesEveryChart(user: RequestUser): boolean {
  return viasOf(user, "visible") === null;
}

/**
 * A boolean SQL expression: may `user` see the chart whose id is the column `ccaIdColumn`
 * (e.g. "cca.id")? A view the user may not use, or no patient permission at all, is false.
 */
export function chartVisible(user: RequestUser, scope: ChartScope, ccaIdColumn: string): RawBuilder<SqlBool> {
  const vias = viasOf(user, scope);
  if (vias === null) return sql<SqlBool>`true`;
  if (vias.length === 0) return sql<SqlBool>`false`;
  return sees(sql.val(user.id), { ccaId: sql.ref(ccaIdColumn) }, vias);
}

/**
 * chartVisible for the chart of the patient whose id is the column `patientIdColumn` (e.g.
 * "e.id"): the patient list and read need not join the chart to decide, so a list of patients
 * reads patients alone until its page is cut.
 */
export function patientVisible(user: RequestUser, scope: ChartScope, patientIdColumn: string): RawBuilder<SqlBool> {
  const vias = viasOf(user, scope);
  if (vias === null) return sql<SqlBool>`true`;
  if (vias.length === 0) return sql<SqlBool>`false`;
  return sees(sql.val(user.id), { patientId: sql.ref(patientIdColumn) }, vias);
}

/**
 * How many patients patientVisible(user, scope) admits, counted from chart_access alone, at most
 * `cap`: a list with no other condition then need not read patients to count them (a clinician's
 * first page spent 9.8 of its 18 ms of database time counting 5,300 patients through the patient
 * table, 2026-11-27). Every chart_access row names its chart's patient (kept with the chart by
 * migration 0021's triggers), so its distinct patients are exactly the list's rows. Undefined
 * where the view admits every chart or none: there the list's own count is as cheap.
 */
export function patientVisibleCount(user: RequestUser, scope: ChartScope, cap: number): RawBuilder<number> | undefined {
  const vias = viasOf(user, scope);
  if (vias === null || vias.length === 0) return undefined;
  return sql<number>`(select count(*) from (select distinct seen_by.patient_id from chart_access seen_by
    where seen_by.user_id = ${user.id} and seen_by.via in (${waysSql(vias)}) limit ${cap}) as seen)`;
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
