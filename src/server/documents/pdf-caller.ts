import { type Kysely, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { accountWithRoles } from "../auth/account-columns.ts";
import { toRequestUser } from "../auth/load-user.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { chartVisible } from "../patients/patient-access.ts";
import { documentDb } from "./document-store.ts";
import type { PdfClaims } from "./pdf-token.ts";

/** What a PDF token may read: the one document's report, nothing else (docs/documents.md, Security). */
export interface PdfScope {
  documentId: number;
  ccaId: number;
  patientId: number;
  /** The respondents the report covers: one, or every live one of the chart (whole-chart report). */
  ccauIds: ReadonlySet<number>;
  /** The session of a session report; null for a progress report. */
  clientMeasureId: number | null;
}

/** The route parameter each readable route is checked on (null: it reads nothing of a chart). */
type ScopedParam = "clientMeasureId" | "ccauId" | "ccaId" | "patientId" | null;

/**
 * Every route the report pages call, and the parameter that must name this document's report.
 * Any other route answers 401 to a PDF token: the token is for one report, not a session.
 */
export const PDF_READABLE: Readonly<Record<string, ScopedParam>> = {
  "GET /api/security/get-session": null,
  "GET /api/settings/general": null,
  "GET /api/settings/ui-settings": null,
  // The requester's own "Choose charts": the progress report draws the charts they see.
  "GET /api/library/chart-settings": null,
  "GET /api/measure-session/:clientMeasureId/session-report": "clientMeasureId",
  "GET /api/overview/measures/:ccauId": "ccauId",
  "GET /api/overview/measures/:ccauId/:measureId": "ccauId",
  "GET /api/teams/:ccaId": "ccaId",
  "GET /api/patients/:patientId": "patientId",
  "GET /api/patients/:patientId/programs": "patientId",
};

/** Whether a PDF token with this scope may call this route with these parameters. */
export function pdfMayRead(scope: PdfScope, method: string, url: string, params: unknown): boolean {
  const key = `${method === "HEAD" ? "GET" : method} ${url}`;
  if (!(key in PDF_READABLE)) return false;
  const param = PDF_READABLE[key];
  if (param === null) return true;
  const value = Number((params as Record<string, unknown> | undefined)?.[param]);
  switch (param) {
    case "clientMeasureId":
      return scope.clientMeasureId !== null && value === scope.clientMeasureId;
    case "ccauId":
      return scope.ccauIds.has(value);
    case "ccaId":
      return value === scope.ccaId;
    case "patientId":
      return value === scope.patientId;
  }
}

/**
 * The caller of a PDF token, checked afresh on every request: the document is still being
 * rendered, the person who asked for it is active and may still see the chart. The caller is
 * that person (the audit trail names them) under the pdf role alone. Null otherwise.
 */
export async function loadPdfCaller(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  claims: PdfClaims,
): Promise<{ user: RequestUser; scope: PdfScope } | null> {
  const requester = await accountWithRoles(db)
    .where("u.id", "=", claims.requesterId)
    .where("u.status", "=", ACCOUNT_STATUS.active)
    .executeTakeFirst();
  if (!requester) return null;
  const asked = toRequestUser(requester, bundle);
  const doc = await documentDb(db)
    .selectFrom("document as d")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "d.cca_id")
    .select(["d.id", "d.cca_id", "d.ccau_id", "d.client_measure_id", "cca.patient_id"])
    .select(
      sql<number[]>`array(select cu.id from cca_user cu where cu.cca_id = d.cca_id and cu.deleted_at is null
        and (d.ccau_id is null or cu.id = d.ccau_id))`.as("ccau_ids"),
    )
    .where("d.id", "=", claims.documentId)
    .where("d.requested_by", "=", claims.requesterId)
    .where("d.status", "=", "generating")
    .where(chartVisible(asked, "visible", "d.cca_id"))
    .executeTakeFirst();
  if (!doc) return null;
  return {
    user: toRequestUser({ ...requester, roles: ["pdf"] }, bundle),
    scope: {
      documentId: doc.id,
      ccaId: Number(doc.cca_id),
      patientId: Number(doc.patient_id),
      ccauIds: new Set(doc.ccau_ids.map(Number)),
      clientMeasureId: doc.client_measure_id === null ? null : Number(doc.client_measure_id),
    },
  };
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set when the caller is the headless browser rendering a document; request.user is then the requester under the pdf role. */
    pdf: PdfScope | null;
  }
}
