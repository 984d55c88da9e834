import { rm } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { PeriodicJob } from "../../messaging/periodic-job.ts";
import { exportsDir, filesOnDisk, removeExportFiles } from "./export-files.ts";
import { exportDb } from "./export-store.ts";
import type { ExportContext } from "./generate-export.ts";

/**
 * Spec §9: exports are kept 7 days. Deletes every row past its expiry (ready, failed, or stuck),
 * and its file; then any file whose row is gone (its owner's account was deleted, or a node
 * stopped between the two). Running it twice, or on two nodes at once, changes nothing more.
 */
export async function removeExpiredExports(
  ctx: Pick<ExportContext, "db" | "config">,
  now: Date = new Date(),
): Promise<{ rows: number; files: number }> {
  const db = exportDb(ctx.db);
  const expired = await db
    .deleteFrom("export_request")
    .where("expires_at", "<=", now)
    .returning(["id", "run_token"])
    .execute();
  for (const row of expired) await removeExportFiles(ctx.config.dataDir, row.id, row.run_token);
  let files = 0;
  const onDisk = await filesOnDisk(ctx.config.dataDir);
  if (onDisk.length) {
    const ids = [...new Set(onDisk.map((f) => f.id))];
    const kept = await db.selectFrom("export_request").select(["id", "run_token"]).where("id", "in", ids).execute();
    const live = new Set(kept.map((r) => `${r.id}-${r.run_token}`));
    for (const file of onDisk) {
      if (live.has(file.name.replace(/\.zip(\.part)?$/, ""))) continue;
      await rm(path.join(exportsDir(ctx.config.dataDir), file.name), { force: true });
      files++;
    }
  }
  return { rows: expired.length, files };
}

/** The retention sweep every EXPORT_CLEANUP_CHECK_SECONDS (an hour), and at start. */
export function exportCleanupJob(ctx: AppContext, log: FastifyBaseLogger): PeriodicJob {
  return new PeriodicJob(ctx, log, {
    queue: "export-cleanup",
    everySeconds: ctx.config.exports.cleanupCheckSeconds,
    name: "export retention",
    async run() {
      const result = await removeExpiredExports(ctx);
      return result.rows + result.files > 0 ? { message: "expired exports removed", details: result } : null;
    },
  });
}
