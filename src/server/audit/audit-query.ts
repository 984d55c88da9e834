import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { AuditEventListQuery } from "../../../generated/types/api/audit-event-list-query.ts";
import type { Database } from "../db/database-types.ts";

/** The Audit log's rows, from the filters of api/audit-event-list-query.json. */
// biome-ignore lint/suspicious/noExplicitAny: the joined row shape is written by the select below.
export type AuditRows = SelectQueryBuilder<any, any, any>;

/**
 * audit_event filtered by who acted (username), which chart (MRN or patient id), what and when
 * (UTC days, both ends included). An unknown username or MRN matches nothing, never everything.
 */
export function filteredEvents(db: Kysely<Database>, query: AuditEventListQuery): AuditRows {
  let rows = db.selectFrom("audit_event as e") as unknown as AuditRows;
  if (query.username !== undefined)
    rows = rows.where(
      "e.user_id",
      "in",
      db.selectFrom("app_user as fu").select("fu.id").where(sql`lower(fu.username)`, "=", query.username.toLowerCase()),
    );
  if (query.mrn !== undefined)
    rows = rows.where(
      "e.patient_id",
      "in",
      db.selectFrom("patient as fp").select("fp.id").where(sql`lower(fp.mrn)`, "=", query.mrn.toLowerCase()),
    );
  if (query.patientId !== undefined) rows = rows.where("e.patient_id", "=", query.patientId);
  if (query.action !== undefined) rows = rows.where("e.action", "=", query.action);
  if (query.from !== undefined)
    rows = rows.where("e.at", ">=", sql<Date>`${query.from}::date::timestamp at time zone 'UTC'`);
  if (query.to !== undefined)
    rows = rows.where("e.at", "<", sql<Date>`(${query.to}::date + 1)::timestamp at time zone 'UTC'`);
  return rows;
}

/** The columns the list and the CSV show: people's names rather than ids. */
export function eventColumns(rows: AuditRows): AuditRows {
  return rows
    .leftJoin("app_user as u", "u.id", "e.user_id")
    .leftJoin("patient as p", "p.id", "e.patient_id")
    .select([
      "e.seq as id",
      "e.at",
      "e.user_id",
      sql<string | null>`case when u.id is null then null
        else u.first_name || ' ' || u.last_name || coalesce(' (' || u.username || ')', '') end`.as("user_name"),
      "e.roles",
      "e.acting_as_user_id",
      "e.action",
      "e.route",
      "e.patient_id",
      sql<string | null>`case when p.id is null then null
        else p.first_name || ' ' || p.last_name || ' (' || p.mrn || ')' end`.as("patient_name"),
      "e.record_type",
      "e.record_id",
      "e.outcome",
      "e.status",
      "e.source_ip",
      "e.request_id",
    ]);
}
