import type { MeasureListRow, ScheduleSummary } from "./measures-list-api.ts";

/**
 * One line of the Measures list: a schedule of a measure, or a measure given without one (its
 * results, or an open session left over). Its actions act on the schedule, or on the measure.
 */
export interface ListLine {
  key: string;
  measure: MeasureListRow;
  schedule: ScheduleSummary | null;
  /** The next due date of this line (ISO), or null when nothing more is to come. */
  nextDue: string | null;
}

export function listLines(rows: readonly MeasureListRow[]): ListLine[] {
  return rows.flatMap((measure): ListLine[] => {
    if (measure.schedules.length > 0)
      return measure.schedules.map((schedule) => ({
        key: `s${schedule.id}`,
        measure,
        schedule,
        nextDue: schedule.due_date,
      }));
    // Given without a schedule (results only, or an open session left over): listed all the same.
    return [{ key: `m${measure.measureLibraryId}`, measure, schedule: null, nextDue: measure.next_due }];
  });
}

/** "1 partly answered session", "2 partly answered sessions". */
export const partlyAnswered = (n: number) => `${n} partly answered ${n === 1 ? "session" : "sessions"}`;

/** Whether removing can change anything: a schedule to stop, or a session not yet submitted to withdraw. */
export const removable = (line: ListLine) => line.schedule !== null || line.measure.open_sessions.length > 0;
