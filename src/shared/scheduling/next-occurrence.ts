import { type CalendarDate, occurrenceDueDate } from "./due-dates.ts";

/** More occurrences than any schedule reaches in a lifetime (Daily for over 100 years). */
const MAX_OCCURRENCES = 40_000;

/**
 * A schedule's next due date as the clinician means it: the first occurrence of its rule (anchor +
 * k steps, due-dates.ts) due today or later that has not been submitted already, or null when the
 * rule has nothing more to come (a One Time schedule answered or past). Not the anchor: a weekly
 * schedule anchored in January is next due next week, not in January.
 */
export function nextOccurrence(
  frequency: number,
  anchor: CalendarDate,
  today: CalendarDate,
  submitted: ReadonlySet<CalendarDate> = new Set(),
): CalendarDate | null {
  for (let index = 0; index < MAX_OCCURRENCES; index++) {
    const due = occurrenceDueDate(frequency, anchor, index);
    if (due === null) return null;
    if (due >= today && !submitted.has(due)) return due;
  }
  return null;
}
