import { randomUUID } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import type { FastifyBaseLogger } from "fastify";
import { clinicName } from "../accounts/account-messages.ts";
import type { AppContext } from "../app-context.ts";
import { partFile } from "../files/run-files.ts";
import { Interrupted } from "../messaging/job-queue.ts";
import { clinicTimeZone } from "../sessions/availability.ts";
import { documentFiles } from "./document-files.ts";
import { marginTemplates } from "./document-margins.ts";
import { type DocumentRow, documentDb, reportPath } from "./document-store.ts";
import { issuePdfKey } from "./pdf-key.ts";
import { type PdfRenderer, ReportPageError } from "./pdf-renderer.ts";

export type DocumentContext = Pick<AppContext, "config" | "db" | "dbKind" | "bundle">;

/** What a person reads when their PDF fails for the server's own reasons. */
export const DOCUMENT_FAILED = "The PDF could not be made. Try again; if it fails again, tell your administrator.";

export interface RenderDeps {
  renderer: PdfRenderer;
  /** Where the renderer reaches this server's pages: PDF_RENDER_URL or the address it listens on. */
  baseUrl(): string;
  log?: FastifyBaseLogger;
}

/**
 * Renders one document (the pg-boss job's work; document-queue.ts): claims the row with a new run
 * token, gives the browser a single-use pdf key for the report page, prints it with the clinic's
 * header and footer, writes the file, and marks the row Ready (enabled). A report page that
 * cannot load, or a browser that fails, marks it Failed with a sentence for the person who asked.
 * A repeated job (its node died mid-run) claims the row again; the old run, should it still be
 * going, finds its token replaced when it finishes and leaves the row alone.
 */
export async function generateDocument(
  ctx: DocumentContext,
  deps: RenderDeps,
  id: number,
  signal?: AbortSignal,
): Promise<"enabled" | "failed" | "skipped"> {
  const db = documentDb(ctx.db);
  const runToken = randomUUID();
  const claimed = await db
    .updateTable("document")
    .set({ run_token: runToken, started_at: new Date() })
    .where("id", "=", id)
    .where("status", "=", "generating")
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return "skipped";
  const files = documentFiles(ctx.config.dataDir);
  const file = files.file(id, runToken);
  try {
    const margins = marginTemplates(await marginFacts(ctx, claimed));
    const key = await issuePdfKey(ctx.db, id);
    const path = reportPath(claimed, await pathRespondent(ctx, claimed));
    const url = `${deps.baseUrl()}${path}${path.includes("?") ? "&" : "?"}pdf-key=${key}`;
    const { pdf, pageCount, loadMs, printMs } = await deps.renderer.render({ url, paper: claimed.paper, ...margins });
    if (signal?.aborted) throw new Interrupted();
    await files.ensureDir();
    await writeFile(partFile(file), pdf, { mode: 0o600 });
    await rename(partFile(file), file);
    const done = await db
      .updateTable("document")
      .set({ status: "enabled", page_count: pageCount, byte_size: pdf.length, finished_at: new Date(), key_hash: null })
      .where("id", "=", id)
      .where("run_token", "=", runToken)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      await rm(file, { force: true });
      return "skipped";
    }
    deps.log?.info(
      { documentId: id, pageCount, loadMs: Math.round(loadMs), printMs: Math.round(printMs) },
      "document ready",
    );
    return "enabled";
  } catch (err) {
    await rm(partFile(file), { force: true });
    if (err instanceof Interrupted || signal?.aborted) throw new Interrupted();
    // The log names the document and the fault; the page's own sentence is what the person reads.
    deps.log?.error({ err, documentId: id }, "document failed");
    await db
      .updateTable("document")
      .set({
        status: "failed",
        error_message: err instanceof ReportPageError ? `${err.message} ${DOCUMENT_FAILED}` : DOCUMENT_FAILED,
        finished_at: new Date(),
        key_hash: null,
      })
      .where("id", "=", id)
      .where("run_token", "=", runToken)
      .execute();
    return "failed";
  }
}

/** The clinic, the patient and the clinic's clock, for every page's header and footer. */
async function marginFacts(ctx: DocumentContext, row: DocumentRow) {
  const patient = await ctx.db
    .selectFrom("client_clinic_assignment as cca")
    .innerJoin("patient as p", "p.id", "cca.patient_id")
    .select(["p.first_name", "p.last_name", "p.mrn"])
    .where("cca.id", "=", row.cca_id)
    .executeTakeFirstOrThrow();
  return {
    clinicName: await clinicName(ctx, ctx.db),
    patientName: `${patient.first_name} ${patient.last_name}`,
    mrn: patient.mrn,
    generatedAt: new Date(),
    timeZone: await clinicTimeZone(ctx.db),
  };
}

/** The respondent in a whole-chart report's address: the patient's own link, else the first live one. */
async function pathRespondent(ctx: DocumentContext, row: DocumentRow): Promise<number> {
  if (row.ccau_id) return row.ccau_id;
  const own = await ctx.db
    .selectFrom("cca_user")
    .select("id")
    .where("cca_id", "=", row.cca_id)
    .where("deleted_at", "is", null)
    .orderBy("relation_id")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return Number(own.id);
}
