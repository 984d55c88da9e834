import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../../src/server/db/database-types.ts";

/** Every row of `table` (aliased x) matching `where`, as one JSON array in a stable order. */
const rowsOf = (table: string, where: RawBuilder<unknown>) =>
  sql`(select coalesce(jsonb_agg(to_jsonb(x) order by to_jsonb(x)::text), '[]'::jsonb)
        from ${sql.table(table)} x where ${where})`;

/**
 * Everything a request could change about one chart, as JSON text: the patient and their insurance, the chart and
 * its assignment, its links and their accounts, roles, contacts, one-time tokens (access codes,
 * reset links), sessions, schedules, measures, answers, scores, alerts, admissions, plus the outbox's size (a
 * message sent to the chart's people). Equal before and after a refused request means nothing
 * changed. One statement, so the matrix can take hundreds of them. `outbox: false` leaves the
 * outbox out, for a request that must send a message and change nothing else.
 */
export async function chartSnapshot(db: Kysely<Database>, ccaId: number, outbox = true): Promise<string> {
  const patient = sql`(select patient_id from client_clinic_assignment where id = ${ccaId})`;
  const links = sql`(select id from cca_user where cca_id = ${ccaId})`;
  const people = sql`(select user_id from cca_user where cca_id = ${ccaId}
    union select user_id from patient where id in ${patient})`;
  const measures = sql`(select id from client_measure where ccau_id in ${links})`;
  const { rows } = await sql<{ snapshot: string }>`select jsonb_build_object(
      'patient', ${rowsOf("patient", sql`x.id in ${patient}`)},
      'insurance', ${rowsOf("patient_insurance", sql`x.id in ${patient}`)},
      'chart', ${rowsOf("client_clinic_assignment", sql`x.id = ${ccaId}`)},
      'clinicians', ${rowsOf("cca_clinician", sql`x.cca_id = ${ccaId}`)},
      'teams', ${rowsOf("cca_team", sql`x.cca_id = ${ccaId}`)},
      'links', ${rowsOf("cca_user", sql`x.cca_id = ${ccaId}`)},
      'accounts', ${rowsOf("app_user", sql`x.id in ${people}`)},
      'roles', ${rowsOf("user_role", sql`x.user_id in ${people}`)},
      'contacts', ${rowsOf("contact", sql`x.user_id in ${people}`)},
      'tokens', ${rowsOf("one_time_token", sql`x.user_id in ${people}`)},
      'sessions', ${rowsOf("refresh_token", sql`x.user_id in ${people}`)},
      'schedules', ${rowsOf("schedule", sql`x.ccau_id in ${links}`)},
      'measures', ${rowsOf("client_measure", sql`x.ccau_id in ${links}`)},
      'answers', ${rowsOf("answer", sql`x.client_measure_id in ${measures}`)},
      'scores', ${rowsOf("measure_score", sql`x.client_measure_id in ${measures}`)},
      'alerts', ${rowsOf("alert", sql`x.cca_id = ${ccaId}`)},
      'admissions', ${rowsOf("access_control_program", sql`x.cca_id = ${ccaId}`)},
      'outbox', ${outbox ? sql`(select count(*) from outbox_message)` : sql`null`}
    )::text as snapshot`.execute(db);
  return rows[0].snapshot;
}

/** How many messages the outbox holds. */
export async function outboxSize(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from outbox_message`.execute(db);
  return rows[0].n;
}
