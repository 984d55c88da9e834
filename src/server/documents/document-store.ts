import type { ColumnType, Generated, Kysely, Selectable } from "kysely";
import type { DocumentStatus } from "../../../generated/types/api/responses/document-status.ts";
import type { Database } from "../db/database-types.ts";

export type PdfState = "generating" | "enabled" | "failed";
export type ReportKind = "session" | "progress";
export type Paper = "letter" | "a4";

/** document (migration 0028): one PDF one person asked for. */
export interface DocumentTable {
  id: Generated<number>;
  pdf_uuid: string;
  report: ReportKind;
  cca_id: number;
  ccau_id: number | null;
  client_measure_id: number | null;
  paper: Paper;
  status: ColumnType<PdfState, PdfState | undefined, PdfState>;
  title: string;
  requested_by: number;
  requested_at: ColumnType<Date, Date | string | undefined, never>;
  started_at: Date | null;
  finished_at: Date | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  error_message: string | null;
  page_count: number | null;
  byte_size: number | null;
  run_token: string | null;
  key_hash: string | null;
  key_expires_at: Date | null;
  key_used_at: Date | null;
}

export type DocumentDatabase = Database & { document: DocumentTable };
export type DocumentRow = Selectable<DocumentTable>;

/** The app's database, seen with the document table (kept out of database-types.ts: it is this module's). */
export function documentDb(db: Kysely<Database>): Kysely<DocumentDatabase> {
  return db as unknown as Kysely<DocumentDatabase>;
}

/** A row as the screens see it (api/responses/document-status.json). */
export function documentStatus(row: DocumentRow): DocumentStatus {
  const status: DocumentStatus = {
    pdfUuid: row.pdf_uuid,
    report: row.report,
    status: row.status,
    title: row.title,
    paper: row.paper,
    requestedAt: new Date(row.requested_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  };
  if (row.finished_at) status.finishedAt = new Date(row.finished_at).toISOString();
  if (row.page_count) status.pageCount = row.page_count;
  if (row.status === "failed" && row.error_message) status.error = row.error_message;
  return status;
}

/** The address of the report page a document prints (spec §2 PDF pages). */
export function reportPath(
  row: Pick<DocumentRow, "report" | "cca_id" | "ccau_id" | "client_measure_id">,
  ownCcauId: number,
): string {
  if (row.report === "session") return `/assignment/${row.cca_id}/${row.ccau_id}/measures/${row.client_measure_id}/pdf`;
  return row.ccau_id
    ? `/assignment/${row.cca_id}/${row.ccau_id}/pdf`
    : `/assignment/${row.cca_id}/${ownCcauId}/pdf?respondents=all`;
}
