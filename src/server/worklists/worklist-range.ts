import { badRequest } from "../http/http-error.ts";

/** A worklist's range: calendar days at the clinic, both included, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

export const RANGE_MESSAGES = {
  start: "Start date is not a real day. Use YYYYMMDD, e.g. 20260309.",
  end: "End date is not a real day. Use YYYYMMDD, e.g. 20260315.",
  inverted: "The end date is before the start date. Give the earlier day first.",
} as const;

/** "20260309" as "2026-03-09" when it names a day that exists (no 30 February), else null. */
function calendarDay(text: string): string | null {
  if (!/^[0-9]{8}$/.test(text)) return null;
  const iso = `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
  const day = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * The days of GET /api/patients/from/{startDate}/to/{endDate}/...: the path schema has checked
 * the shape (eight digits); here, that both days exist and come in order. Every problem is a 400
 * naming its field, never a 500 from a date cast in SQL.
 */
export function dayRange(startDate: string, endDate: string): DayRange {
  const from = calendarDay(startDate);
  const to = calendarDay(endDate);
  const errors = [
    ...(from ? [] : [{ field: "startDate", message: RANGE_MESSAGES.start }]),
    ...(to ? [] : [{ field: "endDate", message: RANGE_MESSAGES.end }]),
  ];
  if (errors.length) throw badRequest(errors);
  if ((to as string) < (from as string)) throw badRequest([{ field: "endDate", message: RANGE_MESSAGES.inverted }]);
  return { from: from as string, to: to as string };
}
