import type { FastifyBaseLogger } from "fastify";
import { JobQueue } from "../messaging/job-queue.ts";
import { type DocumentContext, generateDocument, type RenderDeps } from "./generate-document.ts";

export const DOCUMENT_QUEUE = "render-document";
/** A render longer than this is presumed lost (its node died) and handed on once; a render takes seconds. */
const EXPIRE_SECONDS = 10 * 60;

/**
 * Documents on the pg-boss queue (issue 14 §2). Each node with DOCUMENT_WORKER on renders
 * PDF_CONCURRENCY documents at once, each in its own browser page: the bound keeps a burst of
 * requests from starting a browser page per request.
 */
export function documentQueue(
  ctx: DocumentContext,
  deps: RenderDeps,
  log: FastifyBaseLogger,
): JobQueue<{ documentId: number }> {
  return new JobQueue(ctx, log, {
    queue: DOCUMENT_QUEUE,
    name: "document",
    expireInSeconds: EXPIRE_SECONDS,
    // A node without Chromium queues documents for the nodes that have it.
    worker: ctx.config.documents.worker && deps.renderer.available,
    concurrency: ctx.config.documents.concurrency,
    async work({ documentId }, signal) {
      await generateDocument(ctx, deps, documentId, signal);
    },
  });
}
