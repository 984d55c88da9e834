import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { AppContext } from "../app-context.ts";
import type { Database } from "../db/database-types.ts";
import { PeriodicJob } from "../messaging/periodic-job.ts";
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

/** The retention sweep of a kind of run file every `everySeconds`, and at start (0: never on this node). */
export function retentionJob(
  ctx: AppContext,
  log: FastifyBaseLogger,
  sweep: {
    queue: string;
    name: string;
    everySeconds: number;
    removed: string;
    run: () => Promise<{ rows: number; files: number }>;
  },
): PeriodicJob {
  return new PeriodicJob(ctx, log, {
    queue: sweep.queue,
    everySeconds: sweep.everySeconds,
    name: sweep.name,
    async run() {
      const result = await sweep.run();
      return result.rows + result.files > 0 ? { message: sweep.removed, details: result } : null;
    },
  });
}
