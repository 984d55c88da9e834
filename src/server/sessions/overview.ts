import type { Kysely } from "kysely";
import type { MeasureOverview } from "../../shared/api/chart-measures.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { enabledSchedules } from "../scheduling/schedule-read.ts";
import { sessionRows } from "./session-rows.ts";

/**
 * Per measure, what a respondent has been given and done: completed sessions with their totals
 * (the progress chart), the next open session, and enabled schedules with their next due dates.
 * Disabled sessions and sessions whose due day passed unanswered are left out of "open". With
 * `measureId`, that measure only (its score history, GET overview/measures/:ccauId/:measureId).
 */
export async function measuresOverview(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  zone: string,
  ccauId: number,
  measureId?: number,
): Promise<MeasureOverview[]> {
  let sessionQuery = sessionRows(db, zone).where("cm.ccau_id", "=", ccauId);
  if (measureId !== undefined) sessionQuery = sessionQuery.where("cm.measure_id", "=", measureId);
  const sessions = await sessionQuery.orderBy("cm.completed_at").orderBy("cm.due_date").orderBy("cm.id").execute();
  const schedules = await enabledSchedules(db, bundle, zone, ccauId);
  const alertsBySession = await sessionAlerts(db, ccauId, measureId);

  const byMeasure = new Map<number, MeasureOverview>();
  for (const s of sessions) {
    let entry = byMeasure.get(s.measure_pk);
    if (!entry) {
      entry = {
        measureLibraryId: s.measure_pk,
        uuid: s.uuid,
        measure_id: s.definition_id,
        abbreviation: s.abbreviation,
        short_name: s.short_name,
        name: s.name,
        sessions_completed: 0,
        sessions_partial: 0,
        measure_date_completed: [],
        next_due: null,
        open_sessions: [],
        next_schedules: [],
        latest: null,
        progress_chart: { is_scorable: s.scorable, sessions_progress_results: [], show_chart: false },
      };
      byMeasure.set(s.measure_pk, entry);
    }
    if (s.status === "submitted" && s.completed_at) {
      const point = {
        clientMeasureId: s.id,
        date: s.completed_at.toISOString(),
        score: s.total,
        severity: s.severity,
        alerts: alertsBySession.get(Number(s.id)) ?? [],
      };
      entry.sessions_completed += 1;
      entry.measure_date_completed.push(point.date);
      entry.progress_chart.sessions_progress_results.push(point);
      entry.latest = point;
    } else if (s.status === "partial") {
      entry.sessions_partial += 1;
    }
    if (s.open) {
      entry.open_sessions.push({ clientMeasureId: s.id, due_date: s.due_date.toISOString(), status: s.status });
    }
  }
  for (const entry of byMeasure.values()) {
    entry.next_schedules = schedules.get(entry.measureLibraryId) ?? [];
    entry.open_sessions.sort((a, b) => a.due_date.localeCompare(b.due_date));
    entry.next_due = entry.open_sessions[0] ?? null;
    const chart = entry.progress_chart;
    chart.sessions_progress_results = chart.sessions_progress_results.filter((p) => p.score !== null);
    chart.show_chart = chart.is_scorable && chart.sessions_progress_results.length > 0;
  }
  return [...byMeasure.values()].sort((a, b) => a.abbreviation.localeCompare(b.abbreviation));
}

/**
 * The alert messages each submitted session of the chart raised, so its chart point can be marked
 * (issue 9 §2). Found by the chart, not by a list of the sessions' ids: a list of 200 ids made
 * a statement text of its own for every length and 200 parameters to bind.
 */
async function sessionAlerts(db: Kysely<Database>, ccauId: number, measureId?: number): Promise<Map<number, string[]>> {
  let query = db
    .selectFrom("alert as a")
    .innerJoin("client_measure as cm", "cm.id", "a.client_measure_id")
    .select(["a.client_measure_id", "a.message"])
    .where("cm.ccau_id", "=", ccauId)
    .where("cm.status", "=", "submitted");
  if (measureId !== undefined) query = query.where("cm.measure_id", "=", measureId);
  const rows = await query.orderBy("a.client_measure_id").orderBy("a.id").execute();
  const byId = new Map<number, string[]>();
  for (const row of rows) {
    const id = Number(row.client_measure_id);
    byId.set(id, [...(byId.get(id) ?? []), row.message]);
  }
  return byId;
}
