import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import type { FastifyReply } from "fastify";
import { notFound } from "../http/http-error.ts";

/**
 * Answers a file a background run wrote (an export's zip, a document's PDF) as an attachment that
 * no cache keeps, streamed from disk. A file that is gone (deleted by hand, another node's disk)
 * is a 404 with `missing`, the sentence that says what to do.
 */
export async function sendRunFile(
  reply: FastifyReply,
  file: string,
  opts: { contentType: string; filename: string; byteSize: number | null; missing: string },
): Promise<FastifyReply> {
  try {
    await access(file);
  } catch {
    throw notFound(opts.missing);
  }
  reply
    .header("content-type", opts.contentType)
    .header("content-disposition", `attachment; filename="${opts.filename}"`)
    .header("cache-control", "no-store");
  if (opts.byteSize !== null) reply.header("content-length", String(opts.byteSize));
  return reply.send(createReadStream(file));
}
