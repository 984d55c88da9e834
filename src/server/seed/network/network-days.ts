import {
  type CalendarDate,
  FREQUENCY_STEPS,
  occurrenceDueDate,
  occurrenceOpensOn,
  opensDaysBefore,
} from "../../../shared/scheduling/due-dates.ts";

/**
 * Calendar days as whole numbers (days since 1970-01-01) for the session plan: a million
 * occurrences are placed with integer arithmetic instead of parsing and formatting date strings.
 * The app's rule (shared/scheduling/due-dates.ts) stays the authority: checkSeries compares a
 * series' dates with it, and any difference stops the generator.
 */
export type DayNumber = number;

export const DAY_MS = 86_400_000;

export const dayNumber = (day: CalendarDate): DayNumber => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const calendarDay = (n: DayNumber): CalendarDate => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const dayOfMonth = (n: DayNumber): number => new Date(n * DAY_MS).getUTCDate();

/**
 * Due day of occurrence `index` of a schedule anchored on `anchor`, for anchors on days 1-28 of
 * their month (which every month has, so monthly steps never clamp); null past a One Time's one.
 */
export function occurrenceDay(frequency: number, anchor: DayNumber, index: number): DayNumber | null {
  const step = FREQUENCY_STEPS[frequency];
  if (index === 0) return anchor;
  if (!step) return null;
  if ("days" in step) return anchor + step.days * index;
  const date = new Date(anchor * DAY_MS);
  if (date.getUTCDate() > 28) throw new RangeError("monthly anchors fall on days 1-28");
  return Math.round(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + step.months * index, date.getUTCDate()) / DAY_MS,
  );
}

/** The day occurrence `index` opens to its respondent (null: as soon as it exists), by the app's lead. */
export function opensDay(frequency: number, due: DayNumber, index: number): DayNumber | null {
  return index === 0 ? null : due - opensDaysBefore(frequency);
}

/** Stops the generator when the integer arithmetic and the app's rule disagree on a series' dates. */
export function checkSeries(frequency: number, anchor: DayNumber, indexes: readonly number[]): void {
  for (const index of indexes) {
    const ours = occurrenceDay(frequency, anchor, index);
    const due = occurrenceDueDate(frequency, calendarDay(anchor), index);
    const opens = due === null ? null : occurrenceOpensOn(frequency, due, index);
    const ourOpens = ours === null ? null : opensDay(frequency, ours, index);
    if (
      (ours === null ? null : calendarDay(ours)) !== due ||
      (ourOpens === null ? null : calendarDay(ourOpens)) !== opens
    ) {
      throw new Error(
        `network plan: occurrence ${index} of a frequency-${frequency} schedule from ${calendarDay(anchor)} disagrees with due-dates.ts`,
      );
    }
  }
}
