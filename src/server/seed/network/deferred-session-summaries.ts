import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database-types.ts";

/**
 * What triggers keep from the sessions as they are written, and the function that works the same
 * out for every row in one pass: the episode ends of each session (migration 0029) and each
 * patient's latest results (migration 0032). The open alert count and triage keys are not here:
 * their triggers read indexes the load keeps (generate-network.ts).
 */
const SUMMARIES: { rebuild: string; triggers: [table: string, trigger: string][] }[] = [
  {
    rebuild: "episode_ends_rebuild",
    triggers: [
      ["client_measure", "client_measure_ends_insert"],
      ["client_measure", "client_measure_ends_update"],
      ["client_measure", "client_measure_ends_delete"],
    ],
  },
  {
    rebuild: "patient_results_rebuild",
    triggers: [
      ["client_measure", "client_measure_results_insert"],
      ["client_measure", "client_measure_results_update"],
      ["client_measure", "client_measure_results_delete"],
      ["measure_score", "measure_score_results_insert"],
      ["measure_score", "measure_score_results_update"],
      ["measure_score", "measure_score_results_delete"],
    ],
  },
];

/**
 * Lets a bulk load of sessions work out the summaries once at the end, in one pass each, rather
 * than per statement: the load's chunks arrive without the session indexes (deferIndexes), and a
 * refresh per chunk would scan the whole table each time. Turns the triggers off in the caller's
 * transaction and answers the function that rebuilds the summaries and turns them back on; a
 * failure rolls both back, as deferIndexes does.
 */
export async function deferSessionSummaries(db: Kysely<Database>): Promise<() => Promise<void>> {
  const triggers = SUMMARIES.flatMap((s) => s.triggers);
  for (const [table, trigger] of triggers) {
    await sql`alter table ${sql.id(table)} disable trigger ${sql.id(trigger)}`.execute(db);
  }
  return async () => {
    for (const { rebuild } of SUMMARIES) await sql`select ${sql.id(rebuild)}()`.execute(db);
    for (const [table, trigger] of triggers) {
      await sql`alter table ${sql.id(table)} enable trigger ${sql.id(trigger)}`.execute(db);
    }
  };
}
