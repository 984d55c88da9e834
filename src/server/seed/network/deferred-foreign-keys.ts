import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database-types.ts";

/**
 * Lets a bulk load have the foreign keys of the given tables checked once at the end instead of
 * row by row: drops them and answers the function that puts them back. A foreign key checks every inserted row with a look-up of its own; for the ten
 * million answers of a large network that is most of the load's time, while one validating
 * pass per key (ALTER TABLE ... ADD CONSTRAINT scans the table against its parent in one join)
 * takes seconds. The keys are dropped and re-added with their own names and definitions
 * (pg_get_constraintdef), so the schema ends exactly as it began; everything runs in the
 * caller's transaction, so a failure anywhere rolls the drop back with the rows, and other
 * sessions never see the tables without their keys (ALTER TABLE holds their locks to commit).
 */
export async function deferForeignKeys(
  db: Kysely<Database>,
  tables: readonly (keyof Database & string)[],
): Promise<(progress?: (line: string) => void) => Promise<void>> {
  const keys = await sql<{ table_name: string; name: string; definition: string }>`
    select c.conrelid::regclass::text as table_name, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype = 'f' and c.conrelid = any(${tables}::regclass[])
    order by c.conrelid::regclass::text, c.conname`.execute(db);
  for (const key of keys.rows) {
    await sql`alter table ${sql.raw(key.table_name)} drop constraint ${sql.id(key.name)}`.execute(db);
  }
  /** Re-adds every key dropped, each validated against its parent table in one pass. */
  return async (progress = () => {}) => {
    for (const key of keys.rows) {
      await sql`alter table ${sql.raw(key.table_name)} add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(
        db,
      );
      progress(`${key.table_name}.${key.name}`);
    }
  };
}
