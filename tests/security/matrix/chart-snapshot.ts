import { type Kysely, sql } from "kysely";
import type { Database } from "../../../src/server/db/database-types.ts";

/**
 * Every row of `table` (aliased x) matching `where`, every column, as one digest: the rows' text in
 * a stable order, hashed. A row as text costs a fraction of a row as JSON, and the matrix only
 * asks "equal or not" (chart A gathers some 150 respondents over the run: JSON snapshots had
 * grown to 10 ms each).
 */
const rowsOf = (table: string, where: string) =>
  `(select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from ${table} x where ${where})`;

const patient = "(select patient_id from client_clinic_assignment where id = p_cca)";
const links = "(select id from cca_user where cca_id = p_cca)";
const people = `(select user_id from cca_user where cca_id = p_cca union select user_id from patient where id in ${patient})`;
const measures = `(select id from client_measure where ccau_id in ${links})`;

const SNAPSHOT_QUERY = `select jsonb_build_object(
    'patient', ${rowsOf("patient", `x.id in ${patient}`)},
    'insurance', ${rowsOf("patient_insurance", `x.id in ${patient}`)},
    'chart', ${rowsOf("client_clinic_assignment", "x.id = p_cca")},
    'clinicians', ${rowsOf("cca_clinician", "x.cca_id = p_cca")},
    'teams', ${rowsOf("cca_team", "x.cca_id = p_cca")},
    'links', ${rowsOf("cca_user", "x.cca_id = p_cca")},
    'accounts', ${rowsOf("app_user", `x.id in ${people}`)},
    'roles', ${rowsOf("user_role", `x.user_id in ${people}`)},
    'contacts', ${rowsOf("contact", `x.user_id in ${people}`)},
    'tokens', ${rowsOf("one_time_token", `x.user_id in ${people}`)},
    'sessions', ${rowsOf("refresh_token", `x.user_id in ${people}`)},
    'schedules', ${rowsOf("schedule", `x.ccau_id in ${links}`)},
    'measures', ${rowsOf("client_measure", `x.ccau_id in ${links}`)},
    'answers', ${rowsOf("answer", `x.client_measure_id in ${measures}`)},
    'scores', ${rowsOf("measure_score", `x.client_measure_id in ${measures}`)},
    'alerts', ${rowsOf("alert", "x.cca_id = p_cca")},
    'admissions', ${rowsOf("access_control_program", "x.cca_id = p_cca")},
    'outbox', case when p_outbox then (select count(*) from outbox_message) end
  )`;

/**
 * The snapshot as a PL/pgSQL function of the test's database: PL/pgSQL plans its statement once
 * per connection, where sending the statement each time planned its 17 subqueries for every one
 * of the matrix's 2,566 snapshots per database. With the digests, snapshots went from more than
 * half the matrix's time (27 s of 47 on PGlite) to 5 s.
 */
const SNAPSHOT_FUNCTION = `create function matrix_chart_snapshot(p_cca integer, p_outbox boolean) returns text
language plpgsql stable as $fn$
begin
  return (${SNAPSHOT_QUERY})::text;
end
$fn$`;

const installed = new WeakSet<Kysely<Database>>();

/**
 * Everything a request could change about one chart, as JSON text of digests: the patient and their insurance, the chart and
 * its assignment, its links and their accounts, roles, contacts, one-time tokens (access codes,
 * reset links), sessions, schedules, measures, answers, scores, alerts, admissions, plus the outbox's size (a
 * message sent to the chart's people). Equal before and after a refused request means nothing
 * changed. One statement, so the matrix can take thousands of them. `outbox: false` leaves the
 * outbox out, for a request that must send a message and change nothing else.
 */
export async function chartSnapshot(db: Kysely<Database>, ccaId: number, outbox = true): Promise<string> {
  if (!installed.has(db)) {
    // Created in the test database's own schema (its search_path), dropped with it.
    await sql.raw(SNAPSHOT_FUNCTION).execute(db);
    installed.add(db);
  }
  const { rows } = await sql<{
    snapshot: string;
  }>`select matrix_chart_snapshot(${ccaId}::int, ${outbox}) as snapshot`.execute(db);
  return rows[0].snapshot;
}

/** How many messages the outbox holds. */
export async function outboxSize(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from outbox_message`.execute(db);
  return rows[0].n;
}
