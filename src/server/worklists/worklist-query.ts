import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import { type ListTotal, listTotal } from "../db/list-total.ts";
import { afterCursor, type CursorScope, decodeCursor, encodeCursor } from "../entities/list-cursor.ts";
import { dueDayEnd } from "../sessions/availability.ts";
import type { DayRange } from "./worklist-range.ts";

/** Which worklist: measures due in the range, or results completed in it. */
export type WorklistKind = "scheduled" | "completed";

/** One row as the database gives it; worklist-rows.ts turns it into the answer. */
export interface WorklistDbRow {
  id: number;
  patient_id: number;
  cca_id: number;
  ccau_id: number;
  first_name: string;
  last_name: string;
  mrn: string;
  respondent_first: string;
  respondent_last: string;
  relation_id: number;
  measure: string;
  version_id: number | null;
  due_day: string;
  due_state: "due" | "partial" | "completed" | "missed";
  chart_alerts: number;
  completed_at: Date | null;
  total: string | number | null;
  severity: string | null;
  previous_total: string | number | null;
  has_previous: boolean;
  result_alerts: number;
  seen: boolean;
}

export interface WorklistPageRequest {
  kind: WorklistKind;
  range: DayRange;
  /** The clinic's time zone: a completed result's moment is placed on the clinic's calendar. */
  zone: string;
  userId: number;
  /** The caller's chart visibility for the view shown (patient-access.ts chartVisible on "cca.id"). */
  visible: RawBuilder<SqlBool>;
  pageSize: number;
  after?: string;
}

const utcDayStart = (day: string) => sql`((${day}::date)::timestamp at time zone 'UTC')`;
const utcDayAfter = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'UTC')`;
const clinicDayStart = (day: string, zone: string) => sql`((${day}::date)::timestamp at time zone ${zone})`;
const clinicDayAfter = (day: string, zone: string) => sql`((${day}::date + 1)::timestamp at time zone ${zone})`;

/**
 * The worklist's rows before paging. Due dates are calendar days stored at the start of their UTC
 * day (spec §5), so "due from 9 to 15 March" is a range of UTC day starts whatever the clinic's
 * zone; a completion is a moment, placed on the clinic's calendar. Sessions of a removed
 * respondent link are not due any more; their results stay.
 */
function baseRows(db: Kysely<Database>, req: WorklistPageRequest) {
  const { range, zone } = req;
  let q = db
    .selectFrom("client_measure as cm")
    .innerJoin("cca_user as cu", "cu.id", "cm.ccau_id")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
    .innerJoin("patient as p", "p.id", "cca.patient_id")
    .where(req.visible);
  if (req.kind === "scheduled") {
    q = q
      .where("cm.status", "<>", "disabled")
      .where("cu.deleted_at", "is", null)
      .where(sql<SqlBool>`cm.due_date >= ${utcDayStart(range.from)} and cm.due_date < ${utcDayAfter(range.to)}`);
  } else {
    q = q
      .where("cm.status", "=", "submitted")
      .where(
        sql<SqlBool>`cm.completed_at >= ${clinicDayStart(range.from, zone)} and cm.completed_at < ${clinicDayAfter(range.to, zone)}`,
      );
  }
  return q;
}

/** Soonest due first, then by patient name; newest result first. Every row has a unique position. */
function orderKeys(kind: WorklistKind): { keys: RawBuilder<unknown>[]; order: "asc" | "desc" } {
  if (kind === "scheduled") {
    return { keys: [sql`cm.due_date`, sql`lower(p.last_name)`, sql`lower(p.first_name)`, sql`cm.id`], order: "asc" };
  }
  return { keys: [sql`cm.completed_at`, sql`cm.id`], order: "desc" };
}

/** The values shown for a page's rows: worked out for those rows only, never for the whole range. */
function servedColumns(req: WorklistPageRequest) {
  const previous = sql`(select pm.id from client_measure pm
      where pm.ccau_id = cm.ccau_id and pm.measure_id = cm.measure_id and pm.status = 'submitted'
        and (pm.completed_at, pm.id) < (cm.completed_at, cm.id)
      order by pm.completed_at desc, pm.id desc limit 1)`;
  const totalOf = (session: RawBuilder<unknown>) =>
    sql`(select ms.value from measure_score ms where ms.client_measure_id = ${session} and ms.score_type = 'total_score')`;
  return [
    sql<number>`cm.id`.as("id"),
    sql<number>`p.id`.as("patient_id"),
    sql<number>`cca.id`.as("cca_id"),
    sql<number>`cu.id`.as("ccau_id"),
    sql<string>`p.first_name`.as("first_name"),
    sql<string>`p.last_name`.as("last_name"),
    sql<string>`p.mrn`.as("mrn"),
    sql<string>`ru.first_name`.as("respondent_first"),
    sql<string>`ru.last_name`.as("respondent_last"),
    sql<number>`cu.relation_id`.as("relation_id"),
    sql<string>`m.abbreviation`.as("measure"),
    sql<number | null>`coalesce(cm.measure_version_id, m.current_version_id)`.as("version_id"),
    sql<string>`to_char(cm.due_date at time zone 'UTC', 'YYYY-MM-DD')`.as("due_day"),
    sql<string>`case when cm.status = 'submitted' then 'completed'
      when now() >= ${dueDayEnd(req.zone)} then 'missed'
      when cm.status = 'partial' then 'partial' else 'due' end`.as("due_state"),
    sql<number>`(select count(*)::int from alert a where a.cca_id = cca.id and a.acknowledged_at is null)`.as(
      "chart_alerts",
    ),
    sql<Date | null>`cm.completed_at`.as("completed_at"),
    sql<number | null>`${totalOf(sql`cm.id`)}`.as("total"),
    sql<string | null>`cm.severity`.as("severity"),
    sql<number | null>`${totalOf(previous)}`.as("previous_total"),
    sql<boolean>`(${previous}) is not null`.as("has_previous"),
    sql<number>`(select count(*)::int from alert a where a.client_measure_id = cm.id and a.acknowledged_at is null)`.as(
      "result_alerts",
    ),
    sql<boolean>`exists (select 1 from result_seen rs where rs.client_measure_id = cm.id and rs.user_id = ${req.userId})`.as(
      "seen",
    ),
  ];
}

export interface WorklistDbPage extends ListTotal {
  rows: WorklistDbRow[];
  nextCursor: string | null;
}

/**
 * One page of a worklist by keyset (a cursor, never an OFFSET), and how many rows the range holds
 * for the caller, both under the same conditions: the caller's visible charts in SQL.
 */
export async function worklistPage(db: Kysely<Database>, req: WorklistPageRequest): Promise<WorklistDbPage> {
  const base = baseRows(db, req);
  const { keys, order } = orderKeys(req.kind);
  const scope: CursorScope = { sort: req.kind, order };
  const positioned = req.after
    ? base.where(afterCursor(keys, decodeCursor(req.after, scope, keys.length), order))
    : base;
  let query = positioned
    .innerJoin("app_user as ru", "ru.id", "cu.user_id")
    .innerJoin("measure as m", "m.id", "cm.measure_id")
    .select(servedColumns(req))
    .select(keys.map((key, i) => sql<string | null>`(${key})::text`.as(`k${i}`)));
  for (const key of keys) query = query.orderBy(sql`${key} ${sql.raw(order)}`);
  const [found, total] = await Promise.all([
    query.limit(req.pageSize).execute() as Promise<(WorklistDbRow & Record<string, unknown>)[]>,
    listTotal(db as Kysely<unknown>, base),
  ]);
  const last = found.at(-1);
  const full = last !== undefined && found.length === req.pageSize;
  return {
    rows: found,
    ...total,
    nextCursor: full
      ? encodeCursor(
          scope,
          keys.map((_, i) => (last[`k${i}`] as string | null) ?? null),
        )
      : null,
  };
}
