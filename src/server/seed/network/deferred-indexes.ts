import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database-types.ts";

/**
 * Lets a bulk load build the secondary indexes of the given tables once at the end (one sort per
 * index) instead of entering every row into each of them: drops the indexes that back no
 * constraint, except those named in `keep` (the load's own queries, such as the triage
 * triggers', still need them), and answers the function that recreates them from their own
 * definitions (pg_get_indexdef). Runs in the caller's transaction, like
 * deferForeignKeys (deferred-foreign-keys.ts): a failure rolls the drop back, others never see it.
 */
export async function deferIndexes(
  db: Kysely<Database>,
  tables: readonly (keyof Database & string)[],
  keep: readonly string[],
): Promise<(progress?: (line: string) => void) => Promise<void>> {
  const indexes = await sql<{ name: string; definition: string }>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    where i.indrelid = any(${tables}::regclass[])
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      and c.relname <> all(${keep}::text[])
    order by c.relname`.execute(db);
  for (const index of indexes.rows) await sql`drop index ${sql.id(index.name)}`.execute(db);
  return async (progress = () => {}) => {
    for (const index of indexes.rows) {
      await sql.raw(index.definition).execute(db);
      progress(index.name);
    }
  };
}
