import { type Kysely, type RawBuilder, sql } from "kysely";
import { defaultBundle, schemaById } from "../../../shared/schema/bundle.ts";
import type { Database } from "../../db/database-types.ts";
import { reserveIds, reserveRange } from "./network-bulk.ts";
import type { PatientSessions, PlannedEpisode, PlannedSchedule, PlannedSession } from "./network-session-plan.ts";

/**
 * Writes planned schedules and sessions (network-session-plan.ts) in bulk, as the app leaves
 * them: client_measure rows pinned to the measure's current version; for answered ones the
 * pattern's answers, severity, score_result and measure_score rows, and its alerts (raised when
 * submitted, acknowledged or not as planned, escalated as the escalation job would have). One
 * statement per chunk writes all five tables; the statement-level triage triggers of migration
 * 0012 then refresh each chart once per chunk.
 */

/** Sessions per statement: about 200,000 answer rows at the network's mix of measures. */
const SESSION_CHUNK = 25_000;

/** The general setting's default (an alert active this long is escalated once; docs/alerts.md). */
const ESCALATION_HOURS = Number(
  schemaById(defaultBundle, "api/general-settings.json").properties?.alert_escalation_hours?.default ?? 24,
);

// Days and instants travel as numbers (day numbers, epoch milliseconds) and become dates and
// timestamps in SQL: formatting millions of them in JS would take longer than inserting them.
const asDate = (days: RawBuilder<unknown>) => sql`(date '1970-01-01' + ${days})`;
const asDue = (days: RawBuilder<unknown>) => sql`((date '1970-01-01' + ${days})::timestamp at time zone 'UTC')`;
const asInstant = (ms: RawBuilder<unknown>) => sql`to_timestamp(${ms} / 1000.0)`;

export interface SessionTotals {
  episodes: number;
  schedules: number;
  sessions: number;
  scored: number;
  answers: number;
  alerts: number;
}

/** The episodes, schedules and sessions of several patients, gathered for one write. */
export class SessionBatch {
  readonly episodes: PlannedEpisode[] = [];
  readonly schedules: (PlannedSchedule & { episodeAt: number | null })[] = [];
  readonly sessions: { session: PlannedSession; schedule: number; episode: number | null }[] = [];

  add(patient: PatientSessions): void {
    const episodeBase = this.episodes.length;
    const base = this.schedules.length;
    this.episodes.push(...patient.episodes);
    for (const s of patient.schedules) {
      this.schedules.push({ ...s, episodeAt: s.episode === null ? null : episodeBase + s.episode });
    }
    for (const session of patient.sessions) {
      this.sessions.push({
        session,
        schedule: base + session.schedule,
        episode: session.episode === null ? null : episodeBase + session.episode,
      });
    }
  }

  get size(): number {
    return this.sessions.length;
  }
}

export async function insertSessionBatch(
  db: Kysely<Database>,
  batch: SessionBatch,
  now: number,
): Promise<SessionTotals> {
  const episodeIds = await insertEpisodes(db, batch.episodes);
  const episodeId = (at: number | null) => (at === null ? null : episodeIds[at]);
  const ids = await reserveIds(db, "schedule", batch.schedules.length);
  const s = batch.schedules;
  await sql`insert into schedule (id, ccau_id, measure_id, frequency, due_date, enabled, next_index, next_due_date,
      created_by, created_at, access_control_program_id, program_timing)
    select id, ccau_id, measure_id, frequency, ${asDue(sql.ref("anchor"))}, enabled, next_index,
      ${asDue(sql.ref("next_due"))}, created_by, ${asInstant(sql.ref("created_at"))}, episode_id, timing
    from unnest(${ids}::bigint[], ${s.map((x) => x.ccauId)}::bigint[], ${s.map((x) => x.measureId)}::bigint[],
      ${s.map((x) => x.frequency)}::smallint[], ${s.map((x) => x.anchor)}::int[], ${s.map((x) => x.enabled)}::boolean[],
      ${s.map((x) => x.nextIndex)}::int[], ${s.map((x) => x.nextDue)}::int[], ${s.map((x) => x.createdBy)}::bigint[],
      ${s.map((x) => x.createdAt)}::float8[], ${s.map((x) => episodeId(x.episodeAt))}::bigint[],
      ${s.map((x) => x.timing)}::text[])
      as t(id, ccau_id, measure_id, frequency, anchor, enabled, next_index, next_due, created_by, created_at,
        episode_id, timing)`.execute(db);
  const totals: SessionTotals = {
    episodes: episodeIds.length,
    schedules: ids.length,
    sessions: 0,
    scored: 0,
    answers: 0,
    alerts: 0,
  };
  for (let start = 0; start < batch.sessions.length; start += SESSION_CHUNK) {
    const chunk = batch.sessions.slice(start, start + SESSION_CHUNK);
    const written = await insertSessions(db, chunk, ids, episodeIds, now);
    totals.sessions += written.sessions;
    totals.scored += written.scored;
    totals.answers += written.answers;
    totals.alerts += written.alerts;
  }
  return totals;
}

async function insertSessions(
  db: Kysely<Database>,
  rows: { session: PlannedSession; schedule: number; episode: number | null }[],
  scheduleIds: number[],
  episodeIds: number[],
  now: number,
): Promise<Omit<SessionTotals, "schedules" | "episodes">> {
  const col = <T>(f: (x: PlannedSession) => T) => rows.map((r) => f(r.session));
  const first = await reserveRange(db, "client_measure", rows.length);
  await sql`
    with raw as materialized (
      select ${first}::bigint + s.ord - 1 as id, s.*
      from unnest(
        ${col((x) => x.ccauId)}::bigint[], ${col((x) => x.ccaId)}::bigint[], ${col((x) => x.measureId)}::bigint[],
        ${rows.map((r) => scheduleIds[r.schedule])}::bigint[], ${col((x) => x.due)}::int[],
        ${col((x) => x.opensOn)}::int[], ${col((x) => x.status)}::text[], ${col((x) => x.createdAt)}::float8[],
        ${col((x) => x.startedAt)}::float8[], ${col((x) => x.completedAt)}::float8[],
        ${col((x) => x.completedBy)}::bigint[], ${col((x) => x.patternId)}::int[], ${col((x) => x.answered)}::int[],
        ${col((x) => x.lastQuestion)}::text[], ${col((x) => x.ack?.by ?? null)}::bigint[],
        ${col((x) => x.ack?.at ?? null)}::float8[], ${col((x) => x.ack?.disposition ?? null)}::text[],
        ${rows.map((r) => (r.episode === null ? null : episodeIds[r.episode]))}::bigint[]
      ) with ordinality as s(ccau_id, cca_id, measure_id, schedule_id, due_day, opens_day, status, created_ms,
        started_ms, completed_ms, completed_by, pattern_id, answered, last_question, ack_by, ack_ms, disposition,
        episode_id, ord)
    ),
    src as (
      select raw.*, ${asDue(sql.ref("due_day"))} as due_date, ${asDate(sql.ref("opens_day"))} as opens_on,
        ${asInstant(sql.ref("created_ms"))} as created_at, ${asInstant(sql.ref("started_ms"))} as started_at,
        ${asInstant(sql.ref("completed_ms"))} as completed_at, ${asInstant(sql.ref("ack_ms"))} as ack_at
      from raw
    ),
    sessions as (
      insert into client_measure (id, ccau_id, measure_id, measure_version_id, schedule_id, due_date, opens_on,
        status, started_at, completed_at, completed_by, last_answered_question, severity, score_result, created_at,
        access_control_program_id)
      select src.id, src.ccau_id, src.measure_id, m.current_version_id, src.schedule_id,
        src.due_date, src.opens_on, src.status, src.started_at, src.completed_at,
        src.completed_by, src.last_question,
        case when src.status = 'submitted' then p.severity end,
        case when src.status = 'submitted' then p.score_result end,
        src.created_at, src.episode_id
      from src
      join measure m on m.id = src.measure_id
      left join network_pattern p on p.id = src.pattern_id
    ),
    answers as (
      -- Saved one after another between the start and the submit (or, partly answered, a minute apart).
      insert into answer (client_measure_id, question_id, value, client_seq, saved_at)
      select src.id, a.question_id, a.value, a.pos,
        src.started_at + (coalesce(src.completed_at, src.started_at + src.answered * interval '1 minute')
          - src.started_at) * (a.pos::float8 / (src.answered + 1))
      from src
      join network_pattern_answer a on a.pattern_id = src.pattern_id and a.pos <= src.answered
    ),
    scores as (
      insert into measure_score (client_measure_id, score_type, value)
      select src.id, sc.score_type, sc.value
      from src join network_pattern_score sc on sc.pattern_id = src.pattern_id
      where src.status = 'submitted'
    ),
    alerts as (
      insert into alert (client_measure_id, cca_id, rule_id, level, question_id, scale, message, raised_at,
        acknowledged_by, acknowledged_at, disposition, escalated_at)
      select src.id, src.cca_id, al.rule_id, al.level, al.question_id, al.scale, al.message, src.completed_at,
        src.ack_by, src.ack_at, src.disposition,
        case when src.completed_at + make_interval(hours => ${ESCALATION_HOURS}::int) < ${asInstant(sql`${now}::float8`)}
          and (src.ack_at is null or src.ack_at > src.completed_at + make_interval(hours => ${ESCALATION_HOURS}::int))
          then src.completed_at + make_interval(hours => ${ESCALATION_HOURS}::int) end
      from src join network_pattern_alert al on al.pattern_id = src.pattern_id
      where src.status = 'submitted'
    )
    select 1`.execute(db);
  const submitted = rows.filter((r) => r.session.status === "submitted");
  return {
    sessions: rows.length,
    scored: submitted.length,
    answers: rows.reduce((n, r) => n + r.session.answered, 0),
    alerts: submitted.filter((r) => r.session.raisesAlert).length,
  };
}

/**
 * The batch's admissions (access_control_program: episodes of care) with their program
 * assignment rows, as admitting and discharging leave them. The chart access triggers of
 * migration 0021 give the programs' people the charts of the episodes not finally discharged,
 * once per statement. Answers the episodes' ids.
 */
async function insertEpisodes(db: Kysely<Database>, episodes: PlannedEpisode[]): Promise<number[]> {
  if (episodes.length === 0) return [];
  const ids = await reserveIds(db, "access_control_program", episodes.length);
  const e = episodes;
  await sql`insert into access_control_program (id, cca_id, program_id, admission_date, discharge_date, disposition,
      discharge_status, discharged_by, discharge_final_at, created_by, created_at)
    select id, cca_id, program_id, ${asDate(sql.ref("admission"))}, ${asDate(sql.ref("discharge"))}, disposition,
      status, discharged_by, ${asInstant(sql.ref("final_ms"))}, created_by, ${asInstant(sql.ref("created_ms"))}
    from unnest(${ids}::bigint[], ${e.map((x) => x.ccaId)}::bigint[], ${e.map((x) => x.programId)}::bigint[],
      ${e.map((x) => x.admission)}::int[], ${e.map((x) => x.discharge)}::int[], ${e.map((x) => x.disposition)}::text[],
      ${e.map((x) => x.status)}::text[], ${e.map((x) => x.dischargedBy)}::bigint[], ${e.map((x) => x.finalAt)}::float8[],
      ${e.map((x) => x.createdBy)}::bigint[], ${e.map((x) => x.createdAt)}::float8[])
      as t(id, cca_id, program_id, admission, discharge, disposition, status, discharged_by, final_ms, created_by,
        created_ms)`.execute(db);
  await sql`insert into program_assignment (patient_id, access_control_program_id)
    select * from unnest(${e.map((x) => x.patientId)}::bigint[], ${ids}::bigint[])`.execute(db);
  return ids;
}
