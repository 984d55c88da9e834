import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

/**
 * Appends the next version of a clinical record (STYLE habit 12): who changed it, when, and the
 * whole record as it now reads. Call it inside the transaction that made the change, after
 * locking the record, so two saves cannot take the same version number.
 */
export async function appendHistory(
  db: Kysely<Database>,
  entry: { entity: string; entityId: number; data: unknown; changedBy: number | null },
): Promise<number> {
  const row = await sql<{ version: number }>`
    insert into record_history (entity, entity_id, version, data, changed_by)
    select ${entry.entity}::text, ${entry.entityId}::bigint, coalesce(max(version), 0) + 1, ${JSON.stringify(entry.data)}::jsonb,
      ${entry.changedBy}::bigint
    from record_history where entity = ${entry.entity} and entity_id = ${entry.entityId}
    returning version`.execute(db);
  return row.rows[0].version;
}
