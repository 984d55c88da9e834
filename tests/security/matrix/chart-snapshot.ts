import { type Kysely, sql } from "kysely";
import type { Database } from "../../../src/server/db/database-types.ts";

/**
 * Everything a request could change about one chart, as JSON text: the patient, the chart and
 * its assignment, its links and their accounts, contacts, one-time tokens (access codes, reset
 * links), schedules, measures, answers, scores, alerts, plus the outbox's size (a message sent
 * to the chart's people). Equal before and after a refused request means nothing changed.
 */
export async function chartSnapshot(db: Kysely<Database>, ccaId: number): Promise<string> {
  const links = sql`(select id from cca_user where cca_id = ${ccaId})`;
  const people = sql`(select user_id from cca_user where cca_id = ${ccaId}
    union select p.user_id from patient p join client_clinic_assignment c on c.patient_id = p.id where c.id = ${ccaId})`;
  const measures = sql`(select id from client_measure where ccau_id in ${links})`;
  const queries = {
    patient: sql`select to_jsonb(p) as row from patient p join client_clinic_assignment c on c.patient_id = p.id where c.id = ${ccaId}`,
    chart: sql`select to_jsonb(c) as row from client_clinic_assignment c where c.id = ${ccaId}`,
    clinicians: sql`select to_jsonb(x) as row from cca_clinician x where x.cca_id = ${ccaId}`,
    teams: sql`select to_jsonb(x) as row from cca_team x where x.cca_id = ${ccaId}`,
    links: sql`select to_jsonb(x) as row from cca_user x where x.cca_id = ${ccaId}`,
    accounts: sql`select to_jsonb(x) - 'last_activity_at' as row from app_user x where x.id in ${people}`,
    roles: sql`select to_jsonb(x) as row from user_role x where x.user_id in ${people}`,
    contacts: sql`select to_jsonb(x) as row from contact x where x.user_id in ${people}`,
    tokens: sql`select to_jsonb(x) as row from one_time_token x where x.user_id in ${people}`,
    sessions: sql`select to_jsonb(x) as row from refresh_token x where x.user_id in ${people}`,
    schedules: sql`select to_jsonb(x) as row from schedule x where x.ccau_id in ${links}`,
    measures: sql`select to_jsonb(x) as row from client_measure x where x.ccau_id in ${links}`,
    answers: sql`select to_jsonb(x) as row from answer x where x.client_measure_id in ${measures}`,
    scores: sql`select to_jsonb(x) as row from measure_score x where x.client_measure_id in ${measures}`,
    alerts: sql`select to_jsonb(x) as row from alert x where x.cca_id = ${ccaId}`,
    outbox: sql`select count(*)::int as row from outbox_message`,
  };
  const parts: Record<string, string[]> = {};
  for (const [name, query] of Object.entries(queries)) {
    const { rows } = await query.execute(db);
    parts[name] = (rows as { row: unknown }[]).map((r) => JSON.stringify(r.row)).sort();
  }
  return JSON.stringify(parts);
}
