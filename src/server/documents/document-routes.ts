import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { DocumentRequest } from "../../../generated/types/api/document-request.ts";
import type { DocumentStatusRequest } from "../../../generated/types/api/document-status-request.ts";
import type { PdfLogin } from "../../../generated/types/api/pdf-login.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { sendRunFile } from "../files/send-run-file.ts";
import { HttpError, notFound } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { CHART_READ_ACCESS } from "../measures/access.ts";
import { chartVisible } from "../patients/patient-access.ts";
import { clinicTimeZone } from "../sessions/availability.ts";
import { visibleRespondentLink } from "../sessions/respondent-link.ts";
import { visibleSession } from "../sessions/session-store.ts";
import { documentCleanupJob } from "./document-cleanup.ts";
import { documentFiles } from "./document-files.ts";
import { documentQueue } from "./document-queue.ts";
import { type DocumentRow, documentDb, documentStatus, type Paper } from "./document-store.ts";
import { spendPdfKey } from "./pdf-key.ts";
import { PdfRenderer } from "./pdf-renderer.ts";
import { PDF_TOKEN_TTL_SECONDS } from "./pdf-token.ts";

const caller = (request: FastifyRequest) => request.user as RequestUser;

/** Documents of one person being prepared at once: more waits for one to finish. */
export const MAX_PENDING_DOCUMENTS = 5;

export const DOCUMENT_MESSAGES = {
  notFound: "This document does not exist, or it has expired.",
  notReady: "This PDF is not ready yet.",
  failed: "This PDF could not be made. Ask for it again.",
  fileGone: "This PDF's file is missing. Ask for it again.",
  tooMany: `You have ${MAX_PENDING_DOCUMENTS} PDFs being prepared. Wait for one of them to finish.`,
  chartNotFound: "This chart does not exist or you do not have access to it.",
} as const;

/** The file's name in a person's downloads: what it is and when, never who (a downloads folder is not a chart). */
export function documentFilename(title: string, at: Date): string {
  const words = title
    .replaceAll(/[^A-Za-z0-9 _-]+/g, " ")
    .replaceAll(/\s+/g, " ")
    .trim();
  return `${words || "Report"} ${at.toISOString().slice(0, 10)}.pdf`;
}

/**
 * PDF documents (issue 14; spec §7 documents/status, documents/download; docs/documents.md):
 * ask for a session or progress report PDF (rendered on the pg-boss queue by headless Chromium
 * signed in with a single-use pdf key), follow its status, download it. Everything is for users
 * who can see the chart; a chart, session or document they cannot see is a 404.
 */
export async function documentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const renderer = new PdfRenderer(ctx.config.documents.chromiumPath, app.log);
  const baseUrl = () => ctx.config.documents.renderUrl ?? ownAddress(app);
  const queue = documentQueue(ctx, { renderer, baseUrl, log: app.log }, app.log);
  app.addHook("onReady", async () => queue.start());
  app.addHook("preClose", async () => {
    await queue.stop();
    await renderer.close();
  });
  const cleanup = documentCleanupJob(ctx, app.log);
  app.addHook("onReady", async () => cleanup.start());
  app.addHook("preClose", async () => cleanup.stop());
  const db = documentDb(ctx.db);
  const files = documentFiles(ctx.config.dataDir);
  const STATUS = recordResponse("api/responses/document-status.json");

  app.get(
    "/api/documents/availability",
    {
      config: { access: CHART_READ_ACCESS, audit: false },
      schema: { response: { 200: recordResponse("api/responses/document-availability.json") } },
    },
    async () => (renderer.available ? { available: true } : { available: false, message: MESSAGES.pdfUnavailable }),
  );

  app.post<{ Body: DocumentRequest }>(
    "/api/documents",
    {
      config: { access: CHART_READ_ACCESS, audit: { action: "document.request", recordType: "chart" } },
      schema: {
        body: { $ref: "api/document-request.json" },
        response: { 202: STATUS, ...errorResponses(404, 409, 503) },
      },
    },
    async (request, reply) => {
      if (!renderer.available) throw new HttpError(503, MESSAGES.pdfUnavailable, "pdf_unavailable");
      const user = caller(request);
      const target = await reportTarget(ctx, user, request.body);
      const pending = await db
        .selectFrom("document")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("requested_by", "=", user.id)
        .where("status", "=", "generating")
        .executeTakeFirstOrThrow();
      if (Number(pending.n) >= MAX_PENDING_DOCUMENTS)
        throw new HttpError(409, DOCUMENT_MESSAGES.tooMany, "too_many_documents");
      await queue.prepare();
      const now = new Date();
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("document")
          .values({
            pdf_uuid: randomUUID(),
            report: request.body.report,
            cca_id: target.ccaId,
            ccau_id: target.ccauId,
            client_measure_id: target.clientMeasureId,
            paper: (request.body.paper ?? "letter") as Paper,
            title: target.title,
            requested_by: user.id,
            requested_at: now,
            expires_at: new Date(now.getTime() + ctx.config.documents.retentionHours * 3_600_000),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await queue.enqueue(trx as never, { documentId: inserted.id });
        return inserted;
      });
      queue.wake();
      if (request.auditScope)
        request.auditScope.found = { recordType: "chart", recordId: target.ccaId, patientId: target.patientId };
      return reply.code(202).send(documentStatus(row));
    },
  );

  // Polled while a PDF is prepared: titles and states, no patient data beyond what the screen
  // asking already shows; not audited, like the exports list.
  app.post<{ Body: DocumentStatusRequest }>(
    "/api/documents/status",
    {
      config: { access: CHART_READ_ACCESS, audit: false },
      schema: {
        body: { $ref: "api/document-status-request.json" },
        response: { 200: recordResponse("api/responses/document-statuses.json") },
      },
    },
    async (request) => {
      const rows = await visibleDocuments(ctx, caller(request), request.body.pdfUuids);
      return { documents: rows.map(documentStatus) };
    },
  );

  app.get<{ Params: { pdfUuid: string } }>(
    "/api/documents/download/:pdfUuid",
    {
      config: { access: CHART_READ_ACCESS, audit: { action: "document.download", recordType: "document" } },
      schema: {
        params: { $ref: "api/pdf-uuid-params.json" },
        response: {
          200: { type: "string", description: "application/pdf: the document." },
          ...errorResponses(404, 409),
        },
      },
    },
    async (request, reply) => {
      const [row] = await visibleDocuments(ctx, caller(request), [request.params.pdfUuid]);
      if (!row) throw notFound(DOCUMENT_MESSAGES.notFound);
      if (request.auditScope)
        request.auditScope.found = { recordType: "document", recordId: row.id, patientId: row.patient_id };
      if (row.status === "failed") throw new HttpError(409, DOCUMENT_MESSAGES.failed, "document_failed");
      if (row.status !== "enabled" || !row.run_token)
        throw new HttpError(409, DOCUMENT_MESSAGES.notReady, "document_not_ready");
      return sendRunFile(reply, files.file(row.id, row.run_token), {
        contentType: "application/pdf",
        filename: documentFilename(row.title, row.requested_at),
        byteSize: row.byte_size,
        missing: DOCUMENT_MESSAGES.fileGone,
      });
    },
  );

  // Spec §2: "A pdf-key query parameter on a route logs in a PDF-rendering context with that key".
  // The key is spent here, once; the token it buys reads only its document's report (pdf-caller.ts).
  app.post<{ Body: PdfLogin }>(
    "/api/security/pdf-login",
    {
      config: { access: "public", audit: { action: "auth.pdf-sign-in", recordType: "document" } },
      schema: {
        body: { $ref: "api/pdf-login.json" },
        response: { 200: recordResponse("api/responses/pdf-session.json"), ...errorResponses(401) },
      },
    },
    async (request) => {
      const spent = await spendPdfKey(ctx.db, request.body.key);
      if (!spent) throw new HttpError(401, MESSAGES.pdfKeyInvalid, "invalid_pdf_key");
      if (request.auditScope)
        request.auditScope.found = { recordType: "document", recordId: spent.documentId, patientId: null };
      const accessToken = await ctx.tokens.pdf.sign(spent);
      return { accessToken, expiresIn: PDF_TOKEN_TTL_SECONDS };
    },
  );
}

/** The address this server listens on, as the renderer on the same machine reaches it. */
function ownAddress(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null;
  if (!address) throw new Error("The server is not listening: set PDF_RENDER_URL.");
  const host = ["0.0.0.0", "::", ""].includes(address.address)
    ? "127.0.0.1"
    : address.family === "IPv6"
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

interface ReportTarget {
  ccaId: number;
  ccauId: number | null;
  clientMeasureId: number | null;
  patientId: number;
  title: string;
}

/** What the request prints, checked against what the caller may see (404 otherwise). */
async function reportTarget(ctx: AppContext, user: RequestUser, body: DocumentRequest): Promise<ReportTarget> {
  if (body.report === "session") {
    const session = await visibleSession(ctx.db, await clinicTimeZone(ctx.db), user, body.clientMeasureId as number);
    const measure = await ctx.db
      .selectFrom("measure")
      .select("abbreviation")
      .where("id", "=", session.measureId)
      .executeTakeFirstOrThrow();
    return {
      ccaId: session.ccaId,
      ccauId: session.ccauId,
      clientMeasureId: session.id,
      patientId: session.patientId,
      title: `${measure.abbreviation} session report`,
    };
  }
  const ccaId = body.ccaId as number;
  if (body.ccauId !== undefined) {
    const link = await visibleRespondentLink(ctx.db, user, body.ccauId);
    if (link.ccaId !== ccaId) throw notFound(DOCUMENT_MESSAGES.chartNotFound);
    return { ccaId, ccauId: link.ccauId, clientMeasureId: null, patientId: link.patientId, title: "Progress report" };
  }
  const chart = await ctx.db
    .selectFrom("client_clinic_assignment as cca")
    .select(["cca.id", "cca.patient_id"])
    .where("cca.id", "=", ccaId)
    .where(chartVisible(user, "visible", "cca.id"))
    .executeTakeFirst();
  if (!chart) throw notFound(DOCUMENT_MESSAGES.chartNotFound);
  return {
    ccaId,
    ccauId: null,
    clientMeasureId: null,
    patientId: Number(chart.patient_id),
    title: "Progress report (whole chart)",
  };
}

/** The named documents whose chart the caller may see, unexpired. */
async function visibleDocuments(
  ctx: AppContext,
  user: RequestUser,
  uuids: string[],
): Promise<(DocumentRow & { patient_id: number })[]> {
  const rows = await documentDb(ctx.db)
    .selectFrom("document as d")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "d.cca_id")
    .selectAll("d")
    .select("cca.patient_id")
    .where("d.pdf_uuid", "in", uuids)
    .where("d.expires_at", ">", new Date())
    .where(chartVisible(user, "visible", "d.cca_id"))
    .orderBy("d.requested_at", "desc")
    .execute();
  return rows.map((r) => ({ ...r, patient_id: Number(r.patient_id) }));
}
