import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { PassThrough } from "node:stream";
import { finished } from "node:stream/promises";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { csvField } from "../../audit/audit-csv.ts";
import { accountWithRoles } from "../../auth/account-columns.ts";
import { toRequestUser } from "../../auth/load-user.ts";
import type { RequestUser } from "../../auth/request-user.ts";
import type { ListTotal } from "../../db/list-total.ts";
import { partFile } from "../../files/run-files.ts";
import { ZipFile } from "../../files/zip-file.ts";
import { HttpError } from "../../http/http-error.ts";
import { currentDefinition } from "../../measures/definitions.ts";
import { Interrupted } from "../../messaging/job-queue.ts";
import { type RecordsPlan, recordsPlan, recordsTotal } from "../outcome-records.ts";
import { CODEBOOK_FILE, codebook, RECORDS_FILE } from "./codebook.ts";
import { copiesItself, copyInto } from "./export-copy.ts";
import { exportFiles } from "./export-files.ts";
import { exportRecords } from "./export-rows.ts";
import { type ExportRow, exportDb, RETENTION_MS } from "./export-store.ts";

export type ExportContext = Pick<AppContext, "config" | "db" | "dbKind" | "bundle">;

/** Line ends of records.csv: PostgreSQL's COPY writes LF, so every export does. */
const LINE_END = "\n";

/**
 * Fastest deflate: level 6 took 3.8 s of a core for an export's 200 MB of CSV where level 1 takes
 * 1.8 s, for a zip a fifth larger (41 MB against 34 MB).
 */
const DEFLATE_LEVEL = 1;

/** How often the row's progress is written while records stream (the list polls it). */
const PROGRESS_EVERY_MS = 1000;
const ACTIVE = 2;

/** The run was handed on (its node was presumed dead) or the export was deleted: stop writing. */
class Superseded extends Error {}

/** What a person reads when their export fails: the server's own fault, never the query's values. */
export const EXPORT_FAILED = "The export could not be written. Try again; if it fails again, tell your administrator.";

/** The owner as the query sees them now: their chart visibility, their rights. */
async function owner(ctx: ExportContext, userId: number): Promise<RequestUser | null> {
  const row = await accountWithRoles(ctx.db).where("u.id", "=", userId).executeTakeFirst();
  if (!row || row.status !== ACTIVE) return null;
  const user = toRequestUser(row, ctx.bundle);
  return user.permissions.has("analytics.outcomes") ? user : null;
}

/**
 * Generates one export (the pg-boss job's work; export-queue.ts): claims the row, counts the
 * records, streams them as CSV into the zip on disk with the codebook after them, then marks the
 * row Ready for 7 days. Memory holds one batch of records and the zip's buffers, whatever the
 * size. Records are cut to the charts the owner may see when it runs, as the explorer does.
 * A repeated job (its node died mid-run) claims the row again with a new run token; the old
 * run, should it still be writing, notices at its next progress write and stops.
 */
export async function generateExport(
  ctx: ExportContext,
  id: number,
  log?: FastifyBaseLogger,
  now: () => Date = () => new Date(),
  signal?: AbortSignal,
): Promise<"completed" | "error" | "skipped"> {
  const db = exportDb(ctx.db);
  const runToken = randomUUID();
  const claimed = await db
    .updateTable("export_request")
    .set({ status: "in_process", run_token: runToken, started_at: now(), rows_written: 0, error_message: null })
    .where("id", "=", id)
    .where("status", "in", ["received", "in_process"])
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return "skipped";
  const file = exportFiles(ctx.config.dataDir).file(id, runToken);
  const part = partFile(file);
  try {
    await writeZip(ctx, claimed, runToken, part, now, signal);
    await rename(part, file);
    const { size } = await stat(file);
    const done = await db
      .updateTable("export_request")
      .set({
        status: "completed",
        byte_size: size,
        completed_at: now(),
        expires_at: new Date(now().getTime() + RETENTION_MS),
      })
      .where("id", "=", id)
      .where("run_token", "=", runToken)
      .returning("id")
      .executeTakeFirst();
    if (!done) throw new Superseded();
    return "completed";
  } catch (err) {
    await rm(part, { force: true });
    if (err instanceof Superseded) {
      await rm(file, { force: true });
      return "skipped";
    }
    if (err instanceof Interrupted) {
      await db
        .updateTable("export_request")
        .set({ status: "received", rows_written: 0 })
        .where("id", "=", id)
        .where("run_token", "=", runToken)
        .execute();
      throw err;
    }
    const message = err instanceof HttpError ? err.message : EXPORT_FAILED;
    if (!(err instanceof HttpError)) log?.error({ err, exportId: id }, "export failed");
    await db
      .updateTable("export_request")
      .set({ status: "error", error_message: message })
      .where("id", "=", id)
      .where("run_token", "=", runToken)
      .execute();
    return "error";
  }
}

/** A CSV cell: an item answer holding several choices (a list) is written as its JSON. */
function cell(value: unknown): string {
  const plain = value !== null && typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : value;
  return csvField(plain);
}

async function writeZip(
  ctx: ExportContext,
  row: ExportRow,
  runToken: string,
  part: string,
  now: () => Date,
  signal?: AbortSignal,
): Promise<void> {
  const db = exportDb(ctx.db);
  const user = await owner(ctx, row.user_id);
  if (!user) throw new HttpError(403, "Your account can no longer run outcomes explorer exports.");
  const columns = row.columns ?? [];
  const plan = await recordsPlan(ctx.db, ctx.bundle, user, { query: row.query, columns });
  const progress = async (written: number, total?: ListTotal) => {
    const updated = await db
      .updateTable("export_request")
      .set({
        rows_written: written,
        ...(total === undefined ? {} : { total_rows: total.totalRecords, total_accuracy: total.totalAccuracy }),
      })
      .where("id", "=", row.id)
      .where("run_token", "=", runToken)
      .returning("id")
      .executeTakeFirst();
    if (!updated) throw new Superseded();
  };
  await progress(0);

  await exportFiles(ctx.config.dataDir).ensureDir();
  const zip = new ZipFile();
  const out = createWriteStream(part, { mode: 0o600 });
  const written = finished(out);
  written.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  zip.outputStream.pipe(out);
  const csv = new PassThrough();
  const mtime = now();
  zip.addReadStream(csv, RECORDS_FILE, { mtime, compressionLevel: DEFLATE_LEVEL });
  let rows = 0;
  let lastProgress = Date.now();
  const onRows = async (more: number) => {
    rows += more;
    if (Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = Date.now();
    await progress(rows);
  };
  // The total beside the records (on a server, on another connection): the list shows progress
  // against it from when it is known; a large export's is the planner's estimate.
  const counted = recordsTotal(ctx.db, plan).then((total) => progress(rows, total));
  counted.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  try {
    rows = await writeRecords(ctx, plan, csv, onRows, signal);
    await counted;
    csv.end();
    const measures = [];
    for (const measureId of plan.query.measure) {
      const current = await currentDefinition(ctx.db, measureId);
      if (current) measures.push({ id: measureId, version: current.version, definition: current.definition });
    }
    const book = codebook({
      bundle: ctx.bundle,
      filename: row.filename,
      hash: row.hash,
      query: row.query,
      columns,
      shown: plan.shown,
      measures,
      records: rows,
      zone: plan.zone,
      generatedAt: mtime,
      savedQueryName: row.name,
    });
    zip.addBuffer(Buffer.from(book, "utf8"), CODEBOOK_FILE, { mtime });
    zip.end();
    await written;
  } catch (err) {
    csv.destroy();
    out.destroy();
    await Promise.all([written.catch(() => undefined), counted.catch(() => undefined)]);
    throw err;
  }
  // The total as written: the count ran in its own snapshot, and a session submitted meanwhile
  // would otherwise leave a finished export reading "n of n + 1".
  await progress(rows, { totalRecords: rows, totalAccuracy: "exact" });
}

/**
 * records.csv after its header: written by PostgreSQL itself where it can (export-copy.ts), else
 * from the explorer's records in batches (export-rows.ts). Returns how many records were written.
 */
async function writeRecords(
  ctx: ExportContext,
  plan: RecordsPlan,
  csv: PassThrough,
  onRows: (rows: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<number> {
  const write = async (text: string) => {
    if (!csv.write(text)) await once(csv, "drain");
  };
  await write(`${plan.shown.map((c) => csvField(c.field)).join(",")}${LINE_END}`);
  if (copiesItself(ctx, plan)) return copyInto(ctx, plan, csv, onRows, signal);
  let rows = 0;
  for await (const batch of exportRecords(ctx.db, ctx.dbKind, plan)) {
    if (signal?.aborted) throw new Interrupted();
    const record = (r: Record<string, unknown>) => `${plan.shown.map((c) => cell(r[c.field])).join(",")}${LINE_END}`;
    await write(batch.map((r) => record(r as Record<string, unknown>)).join(""));
    rows += batch.length;
    await onRows(batch.length);
  }
  return rows;
}
