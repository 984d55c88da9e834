import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { CalendarDate } from "../../shared/scheduling/due-dates.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { schemaById } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { badRequest } from "../http/http-error.ts";
import { chartVisible } from "../patients/patient-access.ts";
import { presetRange } from "./analytics-dates.ts";
import type { FullQuery } from "./effective-query.ts";
import { ageAtCompletion, atDischarge, completedOnTime, sibling, takenAt } from "./outcome-columns.ts";

/** Spec §9: the Unassigned clinician's placeholder id. */
export const UNASSIGNED_CLINICIAN = 800000000000;

/** What a compiled query reads from and keeps: FROM with its joins, and one WHERE. */
export interface CompiledOutcomeQuery {
  from: RawBuilder<unknown>;
  where: RawBuilder<SqlBool>;
  /** Scores: a record per score (ms joined); item-level: a record per session. */
  scores: boolean;
}

const and = (parts: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
const or = (parts: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` or `)})`;

/** The [min, max] years of each age bucket (buckets/age-filter.json), custom from the query. */
function ageRanges(bundle: SchemaBundle, query: FullQuery): [number | null, number | null][] {
  const buckets = (schemaById(bundle, "buckets/age-filter.json").oneOf ?? []) as {
    const: string;
    "x-min": number | null;
    "x-max": number | null;
  }[];
  return query.age.map((code) => {
    if (code === "custom") return [query.age_custom?.min ?? null, query.age_custom?.max ?? null];
    const bucket = buckets.find((b) => b.const === code);
    return [bucket?.["x-min"] ?? null, bucket?.["x-max"] ?? null];
  });
}

function ageCondition(bundle: SchemaBundle, query: FullQuery, zone: string): RawBuilder<SqlBool> {
  const age = ageAtCompletion(zone);
  return or(
    ageRanges(bundle, query).map(([min, max]) => {
      const bounds: RawBuilder<SqlBool>[] = [sql<SqlBool>`true`];
      if (min !== null) bounds.push(sql<SqlBool>`${age} >= ${min}`);
      if (max !== null) bounds.push(sql<SqlBool>`${age} <= ${max}`);
      return and(bounds);
    }),
  );
}

/** Clinicians ORed with teams; Unassigned is a chart with no clinician (spec §3). */
function careTeamCondition(query: FullQuery): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [];
  const clinicians = query.clinicians.filter((id) => id !== UNASSIGNED_CLINICIAN);
  if (clinicians.length) {
    parts.push(sql<SqlBool>`exists (select 1 from cca_clinician cc where cc.cca_id = cu.cca_id
      and cc.clinician_id = any(${clinicians}::bigint[]))`);
  }
  if (query.clinicians.includes(UNASSIGNED_CLINICIAN)) {
    parts.push(sql<SqlBool>`not exists (select 1 from cca_clinician cc where cc.cca_id = cu.cca_id)`);
  }
  if (query.clinical_teams.length) {
    parts.push(sql<SqlBool>`exists (select 1 from cca_team ct where ct.cca_id = cu.cca_id
      and ct.team_id = any(${query.clinical_teams}::bigint[]))`);
  }
  return parts.length ? or(parts) : sql<SqlBool>`false`;
}

/**
 * Programs, or locations, as the episode's program id among a small set: the planner then starts
 * from those programs' episodes (an index on the session's episode) rather than from every session.
 */
function scopeCondition(query: FullQuery): RawBuilder<SqlBool> {
  if (query.program_or_location_filter === "program") {
    return sql<SqlBool>`acp.program_id in (select sp.id from program sp where sp.uuid = any(${query.program_uuid}::uuid[]))`;
  }
  const uuids = query.location_uuid.filter((u) => u !== "none");
  const parts: RawBuilder<SqlBool>[] = [];
  if (uuids.length)
    parts.push(sql<SqlBool>`acp.program_id in (select sp.id from program sp join location sl on sl.id = sp.location_id
      where sl.uuid = any(${uuids}::uuid[]))`);
  if (query.location_uuid.includes("none")) parts.push(sql<SqlBool>`loc.id is null`);
  return or(parts);
}

function dateCondition(query: FullQuery, zone: string, today: CalendarDate): RawBuilder<SqlBool> | null {
  const range = presetRange(query, today);
  if (!range) return null;
  if (range.from > range.to && query.datePreset === "custom") {
    throw badRequest([{ field: "customRangeDate", message: "The from date must be on or before the to date." }]);
  }
  if (query.dateFilterMode === "admission") {
    return sql<SqlBool>`acp.admission_date between ${range.from}::date and ${range.to}::date`;
  }
  if (query.dateFilterMode === "discharge") {
    return sql<SqlBool>`acp.discharge_date between ${range.from}::date and ${range.to}::date`;
  }
  // Bounds as instants, so the completion index serves the range.
  return sql<SqlBool>`cm.completed_at >= (${range.from}::date::timestamp at time zone ${zone})
    and cm.completed_at < ((${range.to}::date + 1)::timestamp at time zone ${zone})`;
}

/**
 * Which of an episode's sessions a paired result keeps (spec §9 result filters):
 * - program-paired: the admission session and the discharge session, when the episode has both
 *   for this respondent and measure;
 * - episode-paired: the first and the last session, when there are at least two.
 */
function pairingCondition(query: FullQuery): RawBuilder<SqlBool> | null {
  if (query.results_to_include === "all") return null;
  const first = sql<SqlBool>`not ${sibling("before")}`;
  const last = sql<SqlBool>`not ${sibling("after")}`;
  if (query.results_to_include === "episode_paired") {
    return sql<SqlBool>`cm.access_control_program_id is not null and ((${first} and ${sibling("after")}) or (${last} and ${sibling("before")}))`;
  }
  const dischargeLater = sql<SqlBool>`exists (select 1 from client_measure o join schedule s on s.id = o.schedule_id
    where o.access_control_program_id = cm.access_control_program_id and o.ccau_id = cm.ccau_id
      and o.measure_id = cm.measure_id and o.status = 'submitted' and s.program_timing = 'discharge'
      and (o.completed_at, o.id) > (cm.completed_at, cm.id))`;
  // The admission session is the first; the discharge session is the last discharge one.
  return sql<SqlBool>`cm.access_control_program_id is not null and (
    (${first} and not ${atDischarge} and ${dischargeLater})
    or (${atDischarge} and ${sibling("before")} and not ${dischargeLater}))`;
}

/**
 * The query as one parameterised SQL statement's FROM and WHERE (issue 13 §1): every value is a
 * parameter, every choice a fixed piece of SQL. The caller's visibility applies as it does to
 * every patient query (patient-access.ts): records of charts they may not see are never counted.
 */
export function compileOutcomeQuery(
  bundle: SchemaBundle,
  user: RequestUser,
  query: FullQuery,
  zone: string,
  today: CalendarDate,
): CompiledOutcomeQuery {
  const scores = query.scorableFilter;
  if (!scores && query.measure.length !== 1) {
    throw badRequest([
      { field: "measure", message: "Item-level answers are shown for one measure at a time. Select one measure." },
    ]);
  }
  const from = sql`client_measure cm
    join cca_user cu on cu.id = cm.ccau_id
    join client_clinic_assignment cca on cca.id = cu.cca_id
    join patient p on p.id = cca.patient_id
    join measure m on m.id = cm.measure_id
    ${scores ? sql`join measure_score ms on ms.client_measure_id = cm.id` : sql``}
    left join access_control_program acp on acp.id = cm.access_control_program_id
    left join program prog on prog.id = acp.program_id
    left join location loc on loc.id = prog.location_id
    left join patient_insurance ins on ins.id = p.id`;

  const where: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`cm.status = 'submitted'`,
    sql<SqlBool>`cm.measure_id = any(${query.measure}::bigint[])`,
    chartVisible(user, "visible", "cca.id"),
    scopeCondition(query),
    careTeamCondition(query),
    sql<SqlBool>`p.gender = any(${query.gender}::text[])`,
    ageCondition(bundle, query, zone),
  ];
  if (scores) where.push(sql<SqlBool>`m.scorable`);
  if (query.completed !== "any") where.push(sql<SqlBool>`${takenAt} = ${query.completed}`);
  if (query.program_discharge === "discharged") where.push(sql<SqlBool>`acp.discharge_date is not null`);
  if (query.program_discharge === "in_care")
    where.push(sql<SqlBool>`acp.id is not null and acp.discharge_date is null`);
  if (query.completedType !== "any") {
    const onTime = completedOnTime(zone) as RawBuilder<SqlBool>;
    where.push(query.completedType === "on_time" ? onTime : sql<SqlBool>`not ${onTime}`);
  }
  const dates = dateCondition(query, zone, today);
  if (dates) where.push(dates);
  const pairs = pairingCondition(query);
  if (pairs) where.push(pairs);
  return { from, where: and(where), scores };
}
