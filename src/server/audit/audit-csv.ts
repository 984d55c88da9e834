/** The CSV export's columns, in order: the Audit log's fields, ids included for a log system. */
export const CSV_COLUMNS = [
  "id",
  "at",
  "user_id",
  "user_name",
  "roles",
  "acting_as_user_id",
  "action",
  "route",
  "patient_id",
  "patient_name",
  "record_type",
  "record_id",
  "outcome",
  "status",
  "source_ip",
  "request_id",
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text starting with
 * = + - @ or a tab is prefixed with ' so a spreadsheet opening the export does not run it as a
 * formula (a name or username is typed by people).
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(row: Record<string, unknown>): string {
  return `${CSV_COLUMNS.map((c) => csvField(row[c])).join(",")}\r\n`;
}
