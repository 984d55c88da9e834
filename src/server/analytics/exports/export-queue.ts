import type { FastifyBaseLogger } from "fastify";
import { JobQueue } from "../../messaging/job-queue.ts";
import { type ExportContext, generateExport } from "./generate-export.ts";

export const EXPORT_QUEUE = "generate-export";
/**
 * A run that takes longer than this is presumed lost (its node died) and is handed on once.
 * Generous: a million records take well under a minute on a PostgreSQL server.
 */
const EXPIRE_SECONDS = 60 * 60;

/**
 * Exports on the pg-boss queue (issue 13 §5). Each node with EXPORT_WORKER on works one export at
 * a time: an export is heavy; more nodes, more at once.
 */
export function exportQueue(ctx: ExportContext, log: FastifyBaseLogger): JobQueue<{ exportId: number }> {
  return new JobQueue(ctx, log, {
    queue: EXPORT_QUEUE,
    name: "export",
    expireInSeconds: EXPIRE_SECONDS,
    worker: ctx.config.exports.worker,
    concurrency: 1,
    async work({ exportId }, signal) {
      const outcome = await generateExport(ctx, exportId, log, undefined, signal);
      if (outcome === "completed") log.info({ exportId }, "export ready");
    },
  });
}
