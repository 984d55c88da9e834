import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { type CalendarDate, todayIn } from "../../shared/scheduling/due-dates.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { schemaById } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { badRequest } from "../http/http-error.ts";
import { chartVisible, seesEveryChart } from "../patients/patient-access.ts";
import { clinicTimeZone } from "../sessions/availability.ts";
import { presetRange } from "./analytics-dates.ts";
import type { FullQuery } from "./effective-query.ts";
import { ageAtCompletion, atDischarge, completedOnTime, takenAt } from "./outcome-columns.ts";

/** Spec §9: the Unassigned clinician's placeholder id. */
export const UNASSIGNED_CLINICIAN = 800000000000;

/** What a compiled query reads from and keeps: FROM with its joins, and one WHERE. */
export interface CompiledOutcomeQuery {
  /** Every table a record's columns read. */
  from: RawBuilder<unknown>;
  /**
   * Only the tables the WHERE reads (the total's FROM): PostgreSQL drops an unread left join by
   * itself, but not an inner one, and joining every patient to count PHQ-9 sessions cost the
   * board report half its time (issue 13 §6).
   */
  whereFrom: RawBuilder<unknown>;
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

/**
 * Whether the ranges together hold every whole age (no gap, open at both ends): then the age
 * condition is true of every record and is left out, so the total need not read the patients.
 */
export function coversEveryAge(ranges: [number | null, number | null][]): boolean {
  const sorted = [...ranges].sort((a, b) => (a[0] ?? -Infinity) - (b[0] ?? -Infinity));
  let reached = -Infinity; // every age below `reached` is covered
  for (const [min, max] of sorted) {
    if ((min ?? -Infinity) > reached) return false;
    reached = Math.max(reached, max === null ? Infinity : max + 1);
  }
  return reached === Infinity;
}

/** Whether the query's genders are every gender the patient schema allows (the column is NOT NULL and validated). */
function everyGender(bundle: SchemaBundle, query: FullQuery): boolean {
  const genders = ((schemaById(bundle, "enums/gender.json").oneOf ?? []) as { const: string }[]).map((g) => g.const);
  return genders.every((g) => (query.gender as readonly string[]).includes(g));
}

function ageCondition(bundle: SchemaBundle, query: FullQuery, zone: string): RawBuilder<SqlBool> | null {
  const ranges = ageRanges(bundle, query);
  if (coversEveryAge(ranges)) return null;
  const age = ageAtCompletion(zone);
  return or(
    ranges.map(([min, max]) => {
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
 * Programs, or locations, as the episode's program id among the ids they stand for (looked up
 * first, scopePrograms): with the ids as values the planner starts from those programs' episodes
 * (an index on the session's episode) rather than joining every session and filtering last.
 */
function scopeCondition(query: FullQuery, programIds: readonly number[]): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`acp.program_id = any(${programIds}::bigint[])`];
  // "No location": sessions outside programs; programs without a location are among the ids.
  if (query.program_or_location_filter === "location" && query.location_uuid.includes("none")) {
    parts.push(sql<SqlBool>`acp.id is null`);
  }
  return or(parts);
}

/**
 * The ids of the programs the query's programs, or the programs at its locations, are; with "No
 * location" chosen, also the programs that have none. Every episode the query can read belongs
 * to one of them, so the windows numbering episodes' sessions read only those.
 */
export async function scopePrograms(db: Kysely<Database>, query: FullQuery): Promise<number[]> {
  const rows =
    query.program_or_location_filter === "program"
      ? await sql<{ id: number }>`select id from program where uuid = any(${query.program_uuid}::uuid[])`.execute(db)
      : await sql<{ id: number }>`select p.id from program p left join location l on l.id = p.location_id
          where l.uuid = any(${query.location_uuid.filter((u) => u !== "none")}::uuid[])
            or (${query.location_uuid.includes("none")} and l.id is null)`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

/**
 * Whether the clinicians chosen are Unassigned and every clinician assigned to any chart ("Select
 * all"): then every chart passes the care-team condition, and leaving it out spares the statement
 * a look-up per record (issue 13 §6; the board report's commonest shape).
 */
async function choosesEveryClinician(db: Kysely<Database>, query: FullQuery): Promise<boolean> {
  if (!query.clinicians.includes(UNASSIGNED_CLINICIAN)) return false;
  const chosen = query.clinicians.filter((id) => id !== UNASSIGNED_CLINICIAN);
  const missing = await sql<{ id: number }>`select cc.clinician_id as id from cca_clinician cc
    where cc.clinician_id <> all(${chosen}::bigint[]) limit 1`.execute(db);
  return missing.rows.length === 0;
}

/** compileOutcomeQuery with what it needs from the database: the clinic's day and zone, and the programs. */
export async function compileOutcomeQueryFor(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  query: FullQuery,
): Promise<{ compiled: CompiledOutcomeQuery; zone: string }> {
  const [zone, programIds, everyone] = await Promise.all([
    clinicTimeZone(db),
    scopePrograms(db, query),
    choosesEveryClinician(db, query),
  ]);
  return { compiled: compileOutcomeQuery(bundle, user, query, zone, todayIn(zone), programIds, everyone), zone };
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
  // The ends of the episode's sessions of the measure by the respondent, stored on each session
  // and kept by triggers (migration 0029): a look-up of each record's siblings, or a window
  // numbering every session of the query's programs, cost more than the rest of the query.
  const first = sql<SqlBool>`cm.first_in_episode`;
  if (query.results_to_include === "episode_paired") {
    // Exactly one of the two ends: the first or the last of at least two (one session alone is both).
    return sql<SqlBool>`cm.access_control_program_id is not null and cm.first_in_episode <> cm.last_in_episode`;
  }
  const dischargeLater = sql<SqlBool>`exists (select 1 from client_measure o join schedule s on s.id = o.schedule_id
    where o.access_control_program_id = cm.access_control_program_id and o.ccau_id = cm.ccau_id
      and o.measure_id = cm.measure_id and o.status = 'submitted' and s.program_timing = 'discharge'
      and (o.completed_at, o.id) > (cm.completed_at, cm.id))`;
  // The admission session is the first; the discharge session is the last discharge one, after
  // the first (a session with an earlier one is not the first).
  return sql<SqlBool>`cm.access_control_program_id is not null and (
    (${first} and not ${atDischarge} and ${dischargeLater})
    or (${atDischarge} and not ${first} and not ${dischargeLater}))`;
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
  programIds: readonly number[],
  /** The query's clinicians are Unassigned and every clinician on any chart: no care-team condition. */
  everyClinician = false,
): CompiledOutcomeQuery {
  const scores = query.scorableFilter;
  if (!scores && query.measure.length !== 1) {
    throw badRequest([
      { field: "measure", message: "Item-level answers are shown for one measure at a time. Select one measure." },
    ]);
  }
  const age = ageCondition(bundle, query, zone);
  const gender = everyGender(bundle, query) ? null : sql<SqlBool>`p.gender = any(${query.gender}::text[])`;
  const visible = chartVisible(user, "visible", "cu.cca_id");
  const careTeam = everyClinician ? null : careTeamCondition(query);
  // The inner joins the WHERE needs (the left joins PostgreSQL leaves out by itself when unread).
  const readsPatient = age !== null || gender !== null;
  const readsLink = readsPatient || careTeam !== null || !seesEveryChart(user);
  const joins = (all: boolean) => sql`client_measure cm
    ${all || readsLink ? sql`join cca_user cu on cu.id = cm.ccau_id` : sql``}
    ${all || readsPatient ? sql`join client_clinic_assignment cca on cca.id = cu.cca_id join patient p on p.id = cca.patient_id` : sql``}
    join measure m on m.id = cm.measure_id
    ${scores ? sql`join measure_score ms on ms.client_measure_id = cm.id` : sql``}
    left join schedule sch on sch.id = cm.schedule_id
    left join access_control_program acp on acp.id = cm.access_control_program_id
    left join program prog on prog.id = acp.program_id
    left join location loc on loc.id = prog.location_id
    ${all ? sql`left join patient_insurance ins on ins.id = p.id` : sql``}`;

  const where: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`cm.status = 'submitted'`,
    sql<SqlBool>`cm.measure_id = any(${query.measure}::bigint[])`,
    visible,
    scopeCondition(query, programIds),
  ];
  if (careTeam) where.push(careTeam);
  if (gender) where.push(gender);
  if (age) where.push(age);
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
  return {
    from: joins(true),
    whereFrom: joins(false),
    where: and(where),
    scores,
  };
}
