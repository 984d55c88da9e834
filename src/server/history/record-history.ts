import { type Kysely, sql } from "kysely";
import { auditRecordChange } from "../audit/audit-context.ts";
import type { Database } from "../db/database-types.ts";

/**
 * Appends the next version of a clinical record (STYLE habit 12): who changed it, when, and the
 * whole record as it now reads. Call it inside the transaction that made the change, after
 * locking the record, so two saves cannot take the same version number. Within a request it also
 * appends the change's audit event (audit/audit-context.ts) in the same transaction.
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
  const version = row.rows[0].version;
  // Every clinical write records history here, in its transaction: its audit event goes with it.
  const deleted = (entry.data as { deleted?: unknown } | null)?.deleted === true;
  await auditRecordChange(db, { entity: entry.entity, entityId: entry.entityId, version, deleted });
  return version;
}

/** Which record a version belongs to, and who made the change (null: the system). */
export interface HistoryKey {
  entity: string;
  entityId: number;
  changedBy: number | null;
}

/**
 * Reads a record as the save left it and appends that as its next version. The save answers
 * what `load` read, so the screen and the history show the same record. `load` runs inside the
 * saving transaction, where the record exists.
 */
export async function recordVersion<T>(
  db: Kysely<Database>,
  key: HistoryKey,
  load: () => Promise<T | null>,
): Promise<T> {
  const record = (await load()) as T;
  await appendHistory(db, { ...key, data: record });
  return record;
}

/** A deleted record's last version: the record as it was, marked `deleted: true`, so history says who removed it. */
export async function recordDeletion(db: Kysely<Database>, key: HistoryKey, record: object | null): Promise<void> {
  await appendHistory(db, { ...key, data: { ...record, deleted: true } });
}
