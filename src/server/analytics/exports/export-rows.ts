import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database-types.ts";
import type { RecordsPlan } from "../outcome-records.ts";

/** Records an export reads at a time: a page (PGlite) or a FETCH (PostgreSQL server). */
export const EXPORT_BATCH = 2000;
/**
 * A FETCH of the export's cursor may run this long: the first one sorts the whole result. The
 * requests' limit (DATABASE_STATEMENT_TIMEOUT_MS) is for people waiting on an answer; an export is
 * background work, and one stuck this long is stuck, not slow.
 */
const FETCH_TIMEOUT_MS = 5 * 60_000;

/** Sort memory of the export's statement (its one transaction): a million records otherwise sort through 200 MB of temporary files. */
const EXPORT_WORK_MEM = "128MB";

type Raw = Record<string, unknown>;
export type ExportRecord = ReturnType<RecordsPlan["record"]>;

/**
 * Every record of the plan, in the explorer's default order (newest completion first, total
 * score last within a session), in batches: never the whole result in memory.
 * - PostgreSQL server: one server-side cursor (DECLARE ... FETCH) in a transaction of its own
 *   connection, so the statement is planned and run once.
 * - PGlite: its one connection is everyone's, so a cursor held open would stop every request
 *   until the export ends. It reads keyset pages instead, each its own statement, and requests
 *   take turns with them.
 */
export function exportRecords(
  db: Kysely<Database>,
  kind: "pglite" | "postgres",
  plan: RecordsPlan,
  batch = EXPORT_BATCH,
): AsyncGenerator<ExportRecord[]> {
  return kind === "postgres" ? cursorBatches(db, plan, batch) : keysetBatches(db, plan, batch);
}

async function* cursorBatches(db: Kysely<Database>, plan: RecordsPlan, batch: number): AsyncGenerator<ExportRecord[]> {
  const { from, where } = plan.compiled;
  const trx = await db.startTransaction().setAccessMode("read only").execute();
  let open = true;
  try {
    await sql`set local statement_timeout = ${sql.lit(FETCH_TIMEOUT_MS)}`.execute(trx);
    // The whole result is sorted once: in memory rather than in files on disk.
    await sql`set local work_mem = ${sql.lit(EXPORT_WORK_MEM)}`.execute(trx);
    await sql`declare export_records no scroll cursor for
      select ${sql.join(plan.selected)} from ${from} where ${where}
      order by ${sql.join(plan.order("completed_at", "desc"))}`.execute(trx);
    for (;;) {
      const { rows } = await sql<Raw>`fetch forward ${sql.lit(batch)} from export_records`.execute(trx);
      if (rows.length === 0) break;
      yield rows.map(plan.record);
      if (rows.length < batch) break;
    }
    open = false;
    await trx.commit().execute();
  } finally {
    if (open) await trx.rollback().execute();
  }
}

/** The sort key of a session: its completion (none sorts first when newest is first, as in the explorer's order) and its id. */
const KEY_AT = sql`coalesce(cm.completed_at, 'infinity'::timestamptz)`;

async function* keysetBatches(db: Kysely<Database>, plan: RecordsPlan, batch: number): AsyncGenerator<ExportRecord[]> {
  const { from, where } = plan.compiled;
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const bound = after ? sql`and (${KEY_AT}, cm.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
    // The key travels as text: a timestamp's microseconds survive the round trip, a Date's would not.
    const { rows } = await sql<Raw>`select ${sql.join(plan.selected)}, ${KEY_AT}::text as export_key_at
      from ${from} where ${where} ${bound}
      order by ${sql.join(plan.order("completed_at", "desc"))} limit ${batch}`.execute(db);
    if (rows.length === 0) return;
    let kept = rows;
    if (rows.length === batch) {
      // A full page may have cut a session's scores in two: keep whole sessions, the next page
      // starts with the one cut.
      const lastId = rows[rows.length - 1]?.record_id_key;
      kept = rows.filter((r) => r.record_id_key !== lastId);
      if (kept.length === 0) throw new Error("An export page holds a single session; raise the batch size.");
    }
    const last = kept[kept.length - 1] as Raw;
    after = { at: String(last.export_key_at), id: Number(last.record_id_key) };
    yield kept.map((raw) => {
      const { export_key_at: _key, ...rest } = raw;
      return plan.record(rest);
    });
    if (rows.length < batch) return;
  }
}
