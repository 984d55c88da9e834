import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { UsageInterval } from "../../../../generated/types/enums/usage-interval.ts";
import type { UsageDays } from "./usage-range.ts";

const STEP: Record<UsageInterval, string> = { day: "1 day", week: "1 week", month: "1 month" };

/**
 * The periods of a usage series, as a SELECT for a WITH clause: one row per day, ISO week
 * (date_trunc's weeks start on Monday, spec §9) or month touching the range, every period listed
 * even when nothing happened in it, so a chart shows a quiet week as zero rather than skipping it.
 * A period cut by the range's ends is clipped to them (start_date, end_date: dates).
 */
export function periodsSql(days: UsageDays, interval: UsageInterval): RawBuilder<unknown> {
  const step = STEP[interval];
  // Timestamps without a zone on purpose: date_trunc on a timestamptz would use the session's zone.
  return sql`select greatest(p.start::date, ${days.first}::date) as start_date,
      least((p.start + ${step}::interval)::date - 1, ${days.last}::date) as end_date
    from generate_series(date_trunc(${interval}, ${days.first}::timestamp), ${days.last}::timestamp, ${step}::interval) as p(start)`;
}

/** The clinic calendar day of a moment column (activity, completion): its date on the clinic's clock. */
export function clinicDay(column: RawBuilder<unknown>, zone: string): RawBuilder<string> {
  return sql<string>`(${column} at time zone ${zone})::date`;
}

/**
 * A moment column within the range's days at the clinic. Written as bounds on the column itself,
 * not on its day, so an index on the column (client_measure_completed_idx) can serve it.
 */
export function momentInDays(column: RawBuilder<unknown>, days: UsageDays, zone: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${column} >= (${days.first}::date::timestamp at time zone ${zone})
    and ${column} < ((${days.last}::date + 1)::timestamp at time zone ${zone}))`;
}

/** The calendar day a measure is due: due dates are stored as the start of their day in UTC (spec §5). */
export function dueDay(column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(${column} at time zone 'UTC')::date`;
}

/** A due date column within the range's days (bounds on the column, as momentInDays). */
export function dueInDays(column: RawBuilder<unknown>, days: UsageDays): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${column} >= (${days.first}::date::timestamp at time zone 'UTC')
    and ${column} < ((${days.last}::date + 1)::timestamp at time zone 'UTC'))`;
}

/** A date column as the API writes days: YYYY-MM-DD text, never a driver's Date at local midnight. */
export function isoDay(column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`to_char(${column}, 'YYYY-MM-DD')`;
}
