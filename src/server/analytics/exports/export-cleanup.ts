import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { removeExpiredRuns, retentionJob } from "../../files/expired-runs.ts";
import type { PeriodicJob } from "../../messaging/periodic-job.ts";
import { exportFiles } from "./export-files.ts";
import type { ExportContext } from "./generate-export.ts";

/** Spec §9: exports are kept 7 days (files/expired-runs.ts). */
export function removeExpiredExports(
  ctx: Pick<ExportContext, "db" | "config">,
  now: Date = new Date(),
): Promise<{ rows: number; files: number }> {
  return removeExpiredRuns(ctx.db, "export_request", exportFiles(ctx.config.dataDir), now);
}

/** The retention sweep every EXPORT_CLEANUP_CHECK_SECONDS (an hour), and at start. */
export function exportCleanupJob(ctx: AppContext, log: FastifyBaseLogger): PeriodicJob {
  return retentionJob(ctx, log, {
    queue: "export-cleanup",
    name: "export retention",
    everySeconds: ctx.config.exports.cleanupCheckSeconds,
    removed: "expired exports removed",
    run: () => removeExpiredExports(ctx),
  });
}
