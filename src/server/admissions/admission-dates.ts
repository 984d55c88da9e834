import { addDays, type CalendarDate } from "../../shared/scheduling/due-dates.ts";
import { badRequest } from "../http/http-error.ts";

export const ADMISSION_IN_FUTURE = "Admission date cannot be in the future.";
export const DISCHARGE_IN_FUTURE = "Discharge date cannot be in the future.";
export const DISCHARGE_BEFORE_ADMISSION = "Discharge date cannot be before the admission date.";

/**
 * An admission or discharge is recorded on or after the day it happens, never ahead: the clinic's
 * today, with one day of slack for a client ahead of the clinic's time zone (as scheduling allows).
 */
export function notAfterToday(field: string, day: CalendarDate, today: CalendarDate, message: string): void {
  if (day > addDays(today, 1)) throw badRequest([{ field, message }]);
}
