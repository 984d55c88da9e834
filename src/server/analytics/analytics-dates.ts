import type { CalendarDate } from "../../shared/scheduling/due-dates.ts";
import type { FullQuery } from "./effective-query.ts";

/** Inclusive clinic calendar days; null: no date filter (all time). */
export interface DayRange {
  from: CalendarDate;
  to: CalendarDate;
}

function day(year: number, month: number, date: number): CalendarDate {
  // Date.UTC rolls day 0 back to the previous month's last day.
  return new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10);
}

/**
 * The days a date preset covers, seen from `today` in the clinic (spec §9): last month is the
 * previous calendar month, last year the previous calendar year, year to date January 1 to the
 * end of last month (empty in January: it names no whole month yet, so it covers nothing), custom
 * the query's own bounds, all time no bounds.
 */
export function presetRange(
  query: Pick<FullQuery, "datePreset" | "customRangeDate">,
  today: CalendarDate,
): DayRange | null {
  const [y, m] = today.split("-").map(Number) as [number, number];
  switch (query.datePreset) {
    case "all_time":
      return null;
    case "last_month":
      return { from: day(y, m - 1, 1), to: day(y, m, 0) };
    case "last_year":
      return { from: day(y - 1, 1, 1), to: day(y - 1, 12, 31) };
    case "year_to_date":
      return { from: day(y, 1, 1), to: day(y, m, 0) };
    case "custom": {
      const range = query.customRangeDate;
      return range ? { from: range.greater_than, to: range.less_than } : null;
    }
  }
}
