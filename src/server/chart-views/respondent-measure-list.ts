import type { RespondentMeasureList } from "../../../generated/types/api/responses/respondent-measure-list.ts";
import type { MeasureOverview } from "../../shared/api/chart-measures.ts";

type Row = RespondentMeasureList["rows"][number];

/**
 * One measure of the chart's Measures list (GET respondents/{ccauId}/measures), from the same
 * overview the chart draws: its schedules with their next due dates, its open sessions, and how
 * many sessions were completed or partly answered. Next due is the earliest of them.
 */
export function measureListRow(m: MeasureOverview): Row {
  const dates = [
    ...m.next_schedules.map((s) => s.due_date).filter((d): d is string => d !== null),
    ...m.open_sessions.map((s) => s.due_date),
  ].sort();
  return {
    measureLibraryId: m.measureLibraryId,
    measure_id: m.measure_id,
    abbreviation: m.abbreviation,
    short_name: m.short_name,
    name: m.name,
    sessions_completed: m.sessions_completed,
    sessions_partial: m.sessions_partial,
    next_due: dates[0] ?? null,
    schedules: m.next_schedules,
    open_sessions: m.open_sessions,
  };
}
