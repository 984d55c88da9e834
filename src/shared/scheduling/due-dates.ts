/**
 * The one rule for when a recurring schedule's occurrences fall due (issue 10 §1), shared by the
 * server's generator and the assign dialog's preview so the two can never disagree.
 *
 * Due dates are calendar days ("2026-03-09"), not instants: a weekly measure is due every Monday
 * in the clinic, whatever the clocks do at a daylight-saving change. Occurrence k is computed from
 * the anchor (the first due date) as anchor + k steps, never from the previous occurrence, so a
 * month-end anchor clamps and comes back: Jan 31 monthly is Feb 28 (29), Mar 31, Apr 30, May 31.
 * See docs/scheduling.md for the rule per frequency.
 */

/** A calendar day, YYYY-MM-DD. */
export type CalendarDate = string;

type Step = { days: number } | { months: number };

/** Frequency codes (schemas/enums/frequency.json) and their steps; null: One Time, a single occurrence. */
export const FREQUENCY_STEPS: Readonly<Record<number, Step | null>> = {
  1: null,
  2: { days: 1 },
  3: { days: 7 },
  4: { days: 14 },
  5: { months: 1 },
  6: { months: 2 },
  7: { months: 3 },
  8: { months: 6 },
  9: { days: 42 },
  10: { months: 4 },
  11: { months: 12 },
};

export const ONE_TIME = 1;

/**
 * How many days before its due day an occurrence after the first opens to the respondent. The
 * first occurrence opens as soon as it is assigned; later ones open this many days ahead and close
 * at the end of their due day, so two windows of one schedule never overlap: Daily opens on its
 * day, Weekly three days ahead, Every 2 Weeks six, everything longer a week ahead.
 */
export function opensDaysBefore(frequency: number): number {
  const step = FREQUENCY_STEPS[frequency];
  if (!step) return 0;
  if ("days" in step) return Math.min(7, Math.floor((step.days - 1) / 2));
  return 7;
}

const DAY_MS = 86_400_000;

function parts(date: CalendarDate): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function format(utcMs: number): CalendarDate {
  return new Date(utcMs).toISOString().slice(0, 10);
}

/** A calendar date plus (or minus) whole days. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [y, m, d] = parts(date);
  return format(Date.UTC(y, m - 1, d) + days * DAY_MS);
}

/** Months later, on the anchor's day or the month's last day when the month is shorter. */
function addMonthsClamped(date: CalendarDate, months: number): CalendarDate {
  const [y, m, d] = parts(date);
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  return format(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth(), Math.min(d, lastDay)));
}

/** The due date of occurrence `index` (0 = the anchor itself); null past a One Time schedule's only one. */
export function occurrenceDueDate(frequency: number, anchor: CalendarDate, index: number): CalendarDate | null {
  const step = FREQUENCY_STEPS[frequency];
  if (step === undefined) throw new RangeError(`Unknown frequency: ${frequency}`);
  if (index === 0) return addDays(anchor, 0);
  if (step === null) return null;
  return "days" in step ? addDays(anchor, step.days * index) : addMonthsClamped(anchor, step.months * index);
}

/** The first `count` due dates of a schedule (fewer for One Time): the dialog's preview. */
export function nextDueDates(frequency: number, anchor: CalendarDate, count: number): CalendarDate[] {
  const dates: CalendarDate[] = [];
  for (let i = 0; i < count; i++) {
    const due = occurrenceDueDate(frequency, anchor, i);
    if (due === null) break;
    dates.push(due);
  }
  return dates;
}

/** The day occurrence `index` opens to its respondent; null: open as soon as it exists (the first). */
export function occurrenceOpensOn(frequency: number, due: CalendarDate, index: number): CalendarDate | null {
  return index === 0 ? null : addDays(due, -opensDaysBefore(frequency));
}

/**
 * A formatter per zone, made once: building an Intl.DateTimeFormat took a tenth of a millisecond,
 * and a chart's overview asks for today several times per request. A clinic uses one zone.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date in a time zone (the clinic's, general setting client_time_zone). */
export function todayIn(zone: string, now: Date = new Date()): CalendarDate {
  let format = dayFormats.get(zone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD. An unknown zone throws here and is not kept.
    format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(zone, format);
  }
  return format.format(now);
}
