import type { Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";
import type { RunFiles } from "./run-files.ts";

/** A table of rows that own a file written by a run and expire (export_request, document). */
type ExpiringRows = Record<string, { id: number; run_token: string | null; expires_at: Date }>;

/**
 * A retention sweep: deletes every row of `table` past its expiry (ready, failed or stuck) and
 * its file, then any file whose row is gone (its owner's account was deleted, or a node stopped
 * between the two). Running it twice, or on two nodes at once, changes nothing more.
 */
export async function removeExpiredRuns(
  anyDb: Kysely<Database>,
  table: string,
  files: RunFiles,
  now: Date,
): Promise<{ rows: number; files: number }> {
  const db = anyDb as unknown as Kysely<ExpiringRows>;
  const expired = await db.deleteFrom(table).where("expires_at", "<=", now).returning(["id", "run_token"]).execute();
  for (const row of expired) await files.remove(row.id, row.run_token);
  const orphans = await files.removeOrphans((ids) =>
    db.selectFrom(table).select(["id", "run_token"]).where("id", "in", ids).execute(),
  );
  return { rows: expired.length, files: orphans };
}
