import { type RawBuilder, sql } from "kysely";
import { dueDayEnd } from "../sessions/availability.ts";

/**
 * The SQL of each outcome record field (entities/outcome-record.json), over the explorer's
 * aliases (outcome-query.ts): cm client_measure, cu cca_user, p patient, m measure, acp the
 * episode, prog its program, loc the program's location, ms the score (scores only), ins the
 * patient's insurance. Codes (gender, disposition, relation, score type, taken at) are selected
 * raw and put into words by outcome-words.ts, so the SQL stays the same whatever the labels.
 * A test checks every field of the schema has an entry here, and nothing else does.
 */
export function outcomeColumns(zone: string): Record<string, RawBuilder<unknown>> {
  const completedDay = completionDay(zone);
  return {
    completed_at: sql`cm.completed_at`,
    completed_by: sql`cu.relation_id`,
    record_id: sql`cm.id`,
    episode_id: sql`cm.access_control_program_id`,
    mrn: sql`p.mrn`,
    first_name: sql`p.first_name`,
    last_name: sql`p.last_name`,
    gender: sql`p.gender`,
    age: ageAtCompletion(zone),
    birth_date: sql`to_char(p.birth_date, 'YYYY-MM-DD')`,
    program_name: sql`prog.name`,
    program_id: sql`prog.id`,
    episode_status: sql`case when acp.id is null then null when acp.discharge_status is null then 'in_care' else acp.discharge_status end`,
    disposition: sql`acp.disposition`,
    location_name: sql`loc.name`,
    admission_date: sql`to_char(acp.admission_date, 'YYYY-MM-DD')`,
    discharge_date: sql`to_char(acp.discharge_date, 'YYYY-MM-DD')`,
    team_names: sql`(select string_agg(t.name, ', ' order by t.name) from cca_team ct
      join clinician_team t on t.id = ct.team_id where ct.cca_id = cu.cca_id)`,
    clinician_names: sql`(select string_agg(u.first_name || ' ' || u.last_name, ', ' order by u.last_name, u.first_name)
      from cca_clinician cc join app_user u on u.id = cc.clinician_id where cc.cca_id = cu.cca_id)`,
    days_at_completion: sql`(${completedDay} - acp.admission_date)`,
    days_at_discharge: sql`(acp.discharge_date - acp.admission_date)`,
    taken_at: takenAt,
    measure_name: sql`m.abbreviation`,
    measure_id: sql`m.id`,
    item_count: sql`m.question_count`,
    due_date: sql`to_char((cm.due_date at time zone 'UTC')::date, 'YYYY-MM-DD')`,
    on_due_date: completedOnTime(zone),
    score_type: sql`ms.score_type`,
    score: sql`ms.value::float8`,
    primary_provider: sql`ins.primary_provider`,
    secondary_provider: sql`ins.secondary_provider`,
    member_id: sql`ins.primary_member_id`,
    group_id: sql`ins.primary_group_id`,
  };
}

/** The clinic calendar day the session was submitted on. */
function completionDay(zone: string): RawBuilder<string> {
  return sql<string>`(cm.completed_at at time zone ${zone})::date`;
}

/** Whole years of age on the completion day: the age column and the age filter alike. */
export function ageAtCompletion(zone: string): RawBuilder<number> {
  return sql<number>`date_part('year', age(${completionDay(zone)}, p.birth_date))::int`;
}

/** Submitted before the end of its due day in the clinic: the column and the filter alike. */
export function completedOnTime(zone: string): RawBuilder<boolean> {
  return sql<boolean>`(cm.completed_at < ${dueDayEnd(zone, sql`cm.due_date`)})`;
}

/**
 * A discharge session (its schedule carries out the program's discharge measures). Read through
 * the FROM's left join of the session's schedule (`sch`), so a page of 25 looks up 25 schedules
 * where a subquery was planned as a scan of every discharge schedule; never null.
 */
export const atDischarge = sql<boolean>`(sch.program_timing is not distinct from 'discharge')`;

/**
 * When in the episode the session was taken: a discharge measure is "discharge", the episode's
 * first session of the measure by this respondent "admission" (the stored flag of migration 0029,
 * kept by triggers on every session write), later ones "during", and a session outside any
 * program "none".
 */
export const takenAt: RawBuilder<string> = sql<string>`case
  when cm.access_control_program_id is null then 'none'
  when ${atDischarge} then 'discharge'
  when cm.first_in_episode then 'admission'
  else 'during' end`;
