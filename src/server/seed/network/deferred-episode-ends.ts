import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database-types.ts";

/** The triggers of migration 0029 that keep a session's episode-end flags as sessions are written. */
const TRIGGERS = ["client_measure_ends_insert", "client_measure_ends_update", "client_measure_ends_delete"];

/**
 * Lets a bulk load of sessions mark the ends of each episode once at the end, in one pass
 * (episode_ends_rebuild), rather than per statement: the load's chunks arrive without the session
 * indexes (deferIndexes), and a refresh per chunk would scan the whole table each time. Turns the
 * triggers off in the caller's transaction and answers the function that rebuilds the flags and
 * turns them back on; a failure rolls both back, as deferIndexes does.
 */
export async function deferEpisodeEnds(db: Kysely<Database>): Promise<() => Promise<void>> {
  for (const trigger of TRIGGERS) await sql`alter table client_measure disable trigger ${sql.id(trigger)}`.execute(db);
  return async () => {
    await sql`select episode_ends_rebuild()`.execute(db);
    for (const trigger of TRIGGERS) await sql`alter table client_measure enable trigger ${sql.id(trigger)}`.execute(db);
  };
}
