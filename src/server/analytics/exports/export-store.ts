import type { ColumnType, Generated, Kysely, Selectable } from "kysely";
import type { AnalyticsQuery } from "../../../../generated/types/api/analytics-query.ts";
import type { ExportStatusRow } from "../../../../generated/types/api/responses/export-status.ts";
import type { Database } from "../../db/database-types.ts";

/** Spec §9: exports are kept 7 days, then the file and the row are deleted (export-cleanup.ts). */
export const RETENTION_DAYS = 7;
export const RETENTION_MS = RETENTION_DAYS * 86_400_000;

export type ExportStatus = "received" | "in_process" | "completed" | "error";

/** Spec §4: "A delete is refused when the status is in the pending, received or error set." */
export const UNDELETABLE: readonly ExportStatus[] = ["received", "in_process", "error"];

/** export_request (migrations 0001, 0025): one export of one user. */
export interface ExportRequestTable {
  id: Generated<number>;
  user_id: number;
  status: ExportStatus;
  filename: string;
  error_message: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  query: ColumnType<AnalyticsQuery, string, string>;
  columns: ColumnType<string[], string, string>;
  hash: string;
  name: string | null;
  saved_query_id: number | null;
  total_rows: number | null;
  total_accuracy: Generated<"exact" | "about">;
  rows_written: Generated<number>;
  byte_size: number | null;
  started_at: Date | null;
  completed_at: Date | null;
  run_token: string | null;
}

export type ExportDatabase = Database & { export_request: ExportRequestTable };
export type ExportRow = Selectable<ExportRequestTable>;

/** The app's database, seen with the export table (kept out of database-types.ts: it is this module's). */
export const exportDb = (db: Kysely<Database>) => db as unknown as Kysely<ExportDatabase>;

/** A row as the exports list shows it. */
export function statusRow(row: ExportRow): ExportStatusRow {
  const total = row.total_rows === null ? null : Number(row.total_rows);
  const written = Number(row.rows_written);
  let progress = 0;
  if (row.status === "completed") progress = 100;
  else if (total) progress = Math.min(99, Math.floor((written / total) * 100));
  return {
    id: row.id,
    status: row.status,
    filename: row.filename,
    name: row.name,
    hash: row.hash,
    totalRows: total,
    totalAccuracy: row.status === "completed" ? "exact" : row.total_accuracy,
    rowsWritten: written,
    progress,
    byteSize: row.byte_size === null ? null : Number(row.byte_size),
    error: row.error_message,
    createdAt: new Date(row.created_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

/** The caller's exports, newest first. */
export async function listExports(db: Kysely<Database>, userId: number): Promise<ExportStatusRow[]> {
  const rows = await exportDb(db)
    .selectFrom("export_request")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(200)
    .execute();
  return rows.map(statusRow);
}

/** One export of its owner; anyone else's (or none) is undefined, so the route answers 404 alike. */
export async function ownExport(db: Kysely<Database>, userId: number, id: number): Promise<ExportRow | undefined> {
  return exportDb(db)
    .selectFrom("export_request")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}
