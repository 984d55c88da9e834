import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

/** How much a call to disableOpenMeasures stopped, for the activity log and the answer. */
export interface DisabledMeasures {
  schedules: number;
  measures: number;
}

/**
 * Stops everything still to come for respondent links (ccauIds): their enabled schedules are
 * disabled and their sessions not yet submitted (not started or partly answered) are withdrawn,
 * so nothing more is sent or can be answered. The answers of a withdrawn, partly answered session
 * are deleted (spec §4: disabling its schedule deletes answers); an alert already raised by one of
 * those answers stays until a clinician acknowledges it. Submitted sessions, their answers,
 * scores and alerts are never touched: past results stay in the chart. Used when a respondent leaves a
 * team (respondent-remove.ts) and when an account is deactivated (patient-user-status.ts).
 */
export async function disableOpenMeasures(db: Kysely<Database>, ccauIds: readonly number[]): Promise<DisabledMeasures> {
  if (ccauIds.length === 0) return { schedules: 0, measures: 0 };
  const ids = sql.join(ccauIds.map((id) => sql`${id}::bigint`));
  // client_measure and schedule belong to the measures area; plain SQL keeps this module off their types.
  const schedules = await sql`update schedule set enabled = false
    where ccau_id in (${ids}) and enabled`.execute(db);
  await sql`delete from answer where client_measure_id in (
    select id from client_measure where ccau_id in (${ids}) and status = 'partial')`.execute(db);
  const measures = await sql`update client_measure set status = 'disabled'
    where ccau_id in (${ids}) and status in ('not_started', 'partial')`.execute(db);
  return { schedules: Number(schedules.numAffectedRows ?? 0), measures: Number(measures.numAffectedRows ?? 0) };
}
