import type { AuditEventRow } from "../../../../generated/types/api/responses/audit-event.ts";
import type { ChartOpen } from "../../../../generated/types/api/responses/chart-open.ts";
import { defaultBundle, enumOptions, type JsonSchema, schemaById } from "../../../shared/schema/bundle.ts";
import { api } from "../../api/http.ts";

export type { ChartOpen };
/** A row of the Audit log (the generated type, open for the generic table). */
export type AuditRow = AuditEventRow & Record<string, unknown>;

export const AUDIT_EVENTS = "audit-events";
export const AUDIT_TABLE = "tables/audit-events.table.json";
const QUERY_SCHEMA = "api/audit-event-list-query.json";

/** The filters the Audit log offers: the titled properties of its query schema. */
export const AUDIT_FILTERS = ["username", "mrn", "action", "from", "to"] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];
export type AuditFilters = Partial<Record<AuditFilter, string>>;

export function filterTitle(field: AuditFilter): string {
  const property = schemaById(defaultBundle, QUERY_SCHEMA).properties?.[field] as JsonSchema | undefined;
  return String(property?.title ?? field);
}

/** Each action's words (enums/audit-action.json), for the Action filter. */
export function actionOptions(): { value: string; label: string }[] {
  return enumOptions(schemaById(defaultBundle, "enums/audit-action.json"))
    .map((o) => ({ value: String(o.value), label: o.label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Downloads the CSV of every event the filters match (the export is itself audited). */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const csv = await api<string>(`${AUDIT_EVENTS}/export`, { query: filters, as: "text" });
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
