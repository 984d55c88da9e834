import { clinicToday } from "../../dates/clinic-dates.ts";

/** Home's tabs (spec §2 Home). Programs join them with the Programs issue (docs/home.md). */
export type WorklistTab = "today" | "week" | "new-results";

/** How many days "New results" looks back, today included (spec §9: the last 7 days). */
export const NEW_RESULTS_DAYS = 7;

export interface WorklistRange {
  kind: "scheduled" | "completed";
  /** Clinic calendar days, both included, as the API takes them: YYYYMMDD. */
  startDate: string;
  endDate: string;
}

function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const compact = (isoDay: string) => isoDay.replaceAll("-", "");

/**
 * The days a tab lists, on the clinic's calendar: Today is today; This week is the ISO week
 * around it, Monday to Sunday (spec §9: weeks start on the ISO week), so Monday's missed measures
 * still show on Friday; New results are the results of the last seven days, today included.
 */
export function worklistRange(tab: WorklistTab, now = new Date(), zone?: string): WorklistRange {
  const today = clinicToday(now, zone);
  if (tab === "today") return { kind: "scheduled", startDate: compact(today), endDate: compact(today) };
  if (tab === "week") {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const monday = addDays(today, -((weekday + 6) % 7));
    return { kind: "scheduled", startDate: compact(monday), endDate: compact(addDays(monday, 6)) };
  }
  return { kind: "completed", startDate: compact(addDays(today, 1 - NEW_RESULTS_DAYS)), endDate: compact(today) };
}
