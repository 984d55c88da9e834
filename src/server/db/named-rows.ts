import { type Kysely, sql } from "kysely";
import type { Database } from "./database-types.ts";

/** Tables whose names a person picks from a list, unique without regard to case (a lower(name) unique index). */
export type NamedTable = "location" | "clinician_team" | "program" | "program_type";

/**
 * The row of `table` other than `selfId` whose name equals `name` in any case, or null. Names
 * that differ only in case would look like one entry in the pickers, so they count as taken.
 */
export async function rowNamedLike(
  db: Kysely<Database>,
  table: NamedTable,
  name: string,
  selfId: number | null,
): Promise<number | null> {
  let query = db.selectFrom(table).select("id").where(sql`lower(name)`, "=", name.toLowerCase());
  if (selfId !== null) query = query.where("id", "<>", selfId);
  return (await query.executeTakeFirst())?.id ?? null;
}

/**
 * The hooks of an entity whose name is unique in any case: the check that says so before the
 * save, and the unique index (`${table}_name_key`) that says the same when a race gets past it.
 */
export function uniqueNameHooks(table: NamedTable, message: string) {
  return {
    unique: [{ index: `${table}_name_key`, field: "name", message }],
    async check({
      db,
      id,
      values,
    }: {
      db: Kysely<Database>;
      id: number | null;
      values: { columns: Record<string, unknown> };
    }) {
      const taken = (await rowNamedLike(db, table, String(values.columns.name), id)) !== null;
      return taken ? [{ field: "name", message }] : [];
    },
  };
}
