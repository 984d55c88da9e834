import type { UsageDateRange } from "../../../../../generated/types/api/usage-date-range.ts";
import type { UsageInterval } from "../../../../../generated/types/enums/usage-interval.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../../shared/schema/bundle.ts";
import { clinicToday, formatCalendarDate } from "../../../dates/clinic-dates.ts";

export type { UsageInterval };

/** The days a usage screen shows: clinic calendar days, both included, YYYY-MM-DD. */
export interface UsageDays {
  from: string;
  to: string;
}

/** Spec §9: the usage dashboards open on the last 30 days ending yesterday. */
export const DEFAULT_DAYS = 30;
/** The server refuses longer ranges (src/server/analytics/usage/usage-range.ts). */
export const MAX_DAYS = 731;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last 30 days ending yesterday, on the clinic's calendar. */
export function defaultDays(now = new Date()): UsageDays {
  const yesterday = addDays(clinicToday(now), -1);
  return { from: addDays(yesterday, 1 - DEFAULT_DAYS), to: yesterday };
}

/** Days named in the address (?from=&to=), or the default; anything unreadable falls back to it. */
export function daysFrom(params: URLSearchParams, now = new Date()): UsageDays {
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  return ISO_DAY.test(from) && ISO_DAY.test(to) ? { from, to } : defaultDays(now);
}

/** Why the days cannot be asked for, in words; null when they can. */
export function daysProblem(days: UsageDays): string | null {
  if (!ISO_DAY.test(days.from) || !ISO_DAY.test(days.to)) return "Choose a start and an end date.";
  if (days.to < days.from) return "The end date must be on or after the start date.";
  const count = (Date.parse(days.to) - Date.parse(days.from)) / DAY_MS + 1;
  if (count > MAX_DAYS) return `Choose at most ${MAX_DAYS} days (two years).`;
  return null;
}

/**
 * The API's range (schemas/api/usage-date-range.json): each day named by the unix time of its
 * start in UTC, the first day and the day after the last. No time-zone arithmetic: the server
 * puts moments on the clinic's days.
 */
export function apiRange(days: UsageDays): UsageDateRange {
  return {
    greater_than: Date.parse(`${days.from}T00:00:00Z`) / 1000,
    less_than: Date.parse(`${addDays(days.to, 1)}T00:00:00Z`) / 1000,
  };
}

/** "Mar 2, 2026 to Mar 31, 2026": the range in the words of every other date on screen. */
export function daysText(days: UsageDays): string {
  return `${formatCalendarDate(days.from)} to ${formatCalendarDate(days.to)}`;
}

/** The interval choices and their words (enums/usage-interval.json). */
export function intervalOptions(): { value: UsageInterval; label: string }[] {
  return enumOptions(schemaById(defaultBundle, "enums/usage-interval.json")).map((o) => ({
    value: o.value as UsageInterval,
    label: o.label,
  }));
}

export function isInterval(value: string | null): value is UsageInterval {
  return value === "day" || value === "week" || value === "month";
}

/** What one point of a series is, for the chart's sentence: "over 5 weeks". */
export const INTERVAL_POINTS: Record<UsageInterval, { one: string; other: string }> = {
  day: { one: "day", other: "days" },
  week: { one: "week", other: "weeks" },
  month: { one: "month", other: "months" },
};
