import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { AlertDisposition, AlertRow, AlertStatus } from "../../shared/api/alerts.ts";
import type { ReportAlert } from "../../shared/api/measure-reports.ts";
import type { Database } from "../db/database-types.ts";
import { shortPageTotal } from "../db/list-total.ts";

export type { AlertStatus };

function alertQuery(db: Kysely<Database>) {
  return db
    .selectFrom("alert as a")
    .innerJoin("client_measure as cm", "cm.id", "a.client_measure_id")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "a.cca_id")
    .innerJoin("patient as p", "p.id", "cca.patient_id")
    .innerJoin("measure as m", "m.id", "cm.measure_id")
    .leftJoin("app_user as ack", "ack.id", "a.acknowledged_by");
}

function toRow(r: {
  id: number;
  abbreviation: string;
  measure_name: string;
  measure_id: number;
  first_name: string;
  last_name: string;
  patient_id: number;
  cca_id: number;
  ccau_id: number;
  client_measure_id: number;
  rule_id: string;
  level: "critical" | "warning";
  message: string;
  raised_at: Date;
  acknowledged_by: number | null;
  acknowledged_at: Date | null;
  ack_first: string | null;
  ack_last: string | null;
  disposition: string | null;
  disposition_note: string | null;
  overdue: boolean;
  escalated_at: Date | null;
}): AlertRow {
  return {
    id: r.id,
    measure: r.abbreviation,
    measure_name: r.measure_name,
    measureId: r.measure_id,
    patient: `${r.first_name} ${r.last_name}`,
    patientId: r.patient_id,
    ccaId: r.cca_id,
    ccauId: r.ccau_id,
    clientMeasureId: r.client_measure_id,
    rule_id: r.rule_id,
    level: r.level,
    message: r.message,
    time: r.raised_at.toISOString(),
    overdue: r.overdue,
    escalated_at: r.escalated_at ? r.escalated_at.toISOString() : null,
    acknowledged_data:
      r.acknowledged_by !== null && r.acknowledged_at
        ? {
            clinicianId: r.acknowledged_by,
            clinician: `${r.ack_first ?? ""} ${r.ack_last ?? ""}`.trim(),
            date: r.acknowledged_at.toISOString(),
            disposition: r.disposition as AlertDisposition | null,
            note: r.disposition_note,
          }
        : null,
  };
}

const COLUMNS = [
  "a.id",
  "m.abbreviation",
  "m.name as measure_name",
  "m.id as measure_id",
  "p.first_name",
  "p.last_name",
  "p.id as patient_id",
  "a.cca_id",
  "cm.ccau_id",
  "a.client_measure_id",
  "a.rule_id",
  "a.level",
  "a.message",
  "a.raised_at",
  "a.acknowledged_by",
  "a.acknowledged_at",
  "ack.first_name as ack_first",
  "ack.last_name as ack_last",
  "a.disposition",
  "a.disposition_note",
  "a.escalated_at",
] as const;

/**
 * Whether an alert is overdue: still active alert_escalation_hours after it was raised (the
 * general setting, passed in), by the database clock, so every list and report agrees with the
 * escalation job (alerts/escalation.ts) on which alerts are late.
 */
function overdue(hours: number): RawBuilder<boolean> {
  return sql<boolean>`(a.acknowledged_at is null and a.raised_at <= now() - make_interval(hours => ${hours}::int))`;
}

/** The alert lists' orders: overdue first (longest waiting first), then newest; or newest first. */
export type AlertSort = "overdue" | "newest";

export function statusPredicate(status: AlertStatus): RawBuilder<SqlBool> {
  if (status === "active") return sql<SqlBool>`a.acknowledged_at is null`;
  if (status === "acknowledged") return sql<SqlBool>`a.acknowledged_at is not null`;
  return sql<SqlBool>`true`;
}

/** One page of alerts under the given filters (access predicate first), in the given order, and their count. */
export async function listAlerts(
  db: Kysely<Database>,
  filters: RawBuilder<SqlBool>[],
  window: { limit: number; offset: number },
  order: { overdueHours: number; sort: AlertSort },
): Promise<{ rows: AlertRow[]; totalRecords: number }> {
  let base = alertQuery(db);
  for (const f of filters) base = base.where(f);
  const late = overdue(order.overdueHours);
  let ordered = base.select([...COLUMNS, late.as("overdue")]);
  if (order.sort === "overdue") {
    ordered = ordered.orderBy(sql`${late} desc`).orderBy(sql`case when ${late} then a.raised_at end asc`);
  }
  const rows = await ordered
    .orderBy("a.raised_at", "desc")
    .orderBy("a.id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  // A short page (a chart's few active alerts, most often) is the whole rest of the list: no count.
  const total =
    shortPageTotal(window, rows.length) ??
    Number((await base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow()).n);
  return { rows: rows.map(toRow), totalRecords: total };
}

/** One alert under an access predicate, or null. */
export async function findAlert(
  db: Kysely<Database>,
  id: number,
  access: RawBuilder<SqlBool>,
  overdueHours: number,
): Promise<AlertRow | null> {
  const row = await alertQuery(db)
    .select([...COLUMNS, overdue(overdueHours).as("overdue")])
    .where("a.id", "=", id)
    .where(access)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

/** The alerts of one session, as its report shows them. */
export async function alertRows(
  db: Kysely<Database>,
  clientMeasureId: number,
  overdueHours: number,
): Promise<ReportAlert[]> {
  const rows = await alertQuery(db)
    .select([...COLUMNS, "a.question_id", "a.scale", overdue(overdueHours).as("overdue")])
    .where("a.client_measure_id", "=", clientMeasureId)
    .orderBy("a.id")
    .execute();
  return rows.map((r) => {
    const row = toRow(r);
    return {
      id: row.id,
      rule_id: row.rule_id,
      level: row.level,
      message: row.message,
      questionId: r.question_id,
      scale: r.scale,
      time: row.time,
      overdue: row.overdue,
      escalated_at: row.escalated_at,
      acknowledged_data: row.acknowledged_data,
    };
  });
}
