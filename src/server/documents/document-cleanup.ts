import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../app-context.ts";
import { removeExpiredRuns, retentionJob } from "../files/expired-runs.ts";
import type { PeriodicJob } from "../messaging/periodic-job.ts";
import { documentFiles } from "./document-files.ts";
import type { DocumentContext } from "./generate-document.ts";

/**
 * Documents are kept DOCUMENT_RETENTION_HOURS (24) after they were asked for: a PDF holds PHI and
 * is made again in seconds (files/expired-runs.ts).
 */
export function removeExpiredDocuments(
  ctx: Pick<DocumentContext, "db" | "config">,
  now: Date = new Date(),
): Promise<{ rows: number; files: number }> {
  return removeExpiredRuns(ctx.db, "document", documentFiles(ctx.config.dataDir), now);
}

/** The retention sweep every DOCUMENT_CLEANUP_CHECK_SECONDS (ten minutes), and at start. */
export function documentCleanupJob(ctx: AppContext, log: FastifyBaseLogger): PeriodicJob {
  return retentionJob(ctx, log, {
    queue: "document-cleanup",
    name: "document retention",
    everySeconds: ctx.config.documents.cleanupCheckSeconds,
    removed: "expired documents removed",
    run: () => removeExpiredDocuments(ctx),
  });
}
