import type { UsageDateRange } from "../../../../generated/types/api/usage-date-range.ts";
import { badRequest } from "../../http/http-error.ts";

/** A range of clinic calendar days, both included, as YYYY-MM-DD. */
export interface UsageDays {
  first: string;
  last: string;
}

/**
 * The longest range a usage call may ask for: two years of days. A daily series over it is 731
 * points; longer ranges would draw unreadable charts and scan history no dashboard needs.
 */
export const MAX_RANGE_DAYS = 731;

const DAY_SECONDS = 86_400;
const dayOf = (unixDay: number) => new Date(unixDay * DAY_SECONDS * 1000).toISOString().slice(0, 10);

/**
 * The days a usage range names (schemas/api/usage-date-range.json): greater_than's day is the
 * first, the day before less_than's is the last. Days are named by their start in UTC, the way
 * due dates are (spec §5), so the client needs no time-zone arithmetic; the clinic's zone is applied
 * later, when moments are put on days. A moment inside a day counts as that day (less_than rounds up),
 * so a client sending "the end of the last day" gets that day too.
 */
export function usageDays(range: UsageDateRange, field: string): UsageDays {
  const firstDay = Math.floor(range.greater_than / DAY_SECONDS);
  const endDay = Math.ceil(range.less_than / DAY_SECONDS);
  if (endDay <= firstDay) {
    throw badRequest([{ field, message: "The end of the date range must be after its start." }]);
  }
  if (endDay - firstDay > MAX_RANGE_DAYS) {
    throw badRequest([{ field, message: `Choose a date range of at most ${MAX_RANGE_DAYS} days (two years).` }]);
  }
  return { first: dayOf(firstDay), last: dayOf(endDay - 1) };
}
