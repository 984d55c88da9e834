/**
 * The one place dates and times become text (issue 9 §5): one display format in the clinic's
 * locale, and moments read in the clinic's time zone (general setting client_time_zone), not the
 * device's, so a clinician travelling or a phone set to another zone sees the clinic's clock.
 *
 * The zone is module state rather than React context because plain functions format too (table
 * cells, chart figures and their hover text are built outside components). useClinicTimeZone()
 * sets it from the general settings as the app renders; until they arrive the device's zone is used.
 */

/** The clinic's locale: every date shows as "Nov 3, 2026" and every time as "2:05 PM". */
export const CLINIC_LOCALE = "en-US";

let clinicZone: string | undefined;

/** Use this IANA zone for every moment shown from now on; undefined falls back to the device's. */
export function setClinicTimeZone(zone: string | undefined): void {
  clinicZone = zone && isKnownTimeZone(zone) ? zone : undefined;
}

export function clinicTimeZone(): string | undefined {
  return clinicZone;
}

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(CLINIC_LOCALE, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Formatters are costly to build and a table formats hundreds of cells: keep one per zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: "date" | "dateTime" | "time", timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style}|${timeZone ?? ""}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      style === "date"
        ? { dateStyle: "medium" }
        : style === "time"
          ? { timeStyle: "short" }
          : { dateStyle: "medium", timeStyle: "short" };
    f = new Intl.DateTimeFormat(CLINIC_LOCALE, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A calendar date with no time of day (a birth date, a due date stored as the start of its UTC
 * day, spec §5): the same day in every zone, never the day before in the Americas.
 */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return "";
  const m = CALENDAR_DATE.exec(value);
  if (!m) return value;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(date.getTime()) ? value : formatter("date", "UTC").format(date);
}

/** A moment (completed, raised, acknowledged, sent) as date and time on the clinic's clock. */
export function formatMoment(value: string | null | undefined, zone = clinicZone): string {
  if (!value) return "";
  const date = parse(value);
  return date ? formatter("dateTime", zone).format(date) : value;
}

/** The clinic's calendar day of a moment ("Nov 3, 2026"): a session completed at 11 PM stays on its day. */
export function formatMomentDay(value: string | null | undefined, zone = clinicZone): string {
  if (!value) return "";
  const date = parse(value);
  return date ? formatter("date", zone).format(date) : value;
}

/** The time of day of a moment on the clinic's clock ("2:05 PM"). */
export function formatMomentTime(value: string | null | undefined, zone = clinicZone): string {
  if (!value) return "";
  const date = parse(value);
  return date ? formatter("time", zone).format(date) : value;
}

/**
 * A moment as the clinic's wall clock, "YYYY-MM-DD HH:mm:ss" with no zone: what a chart library
 * without time zones (Plotly) needs to place a point on the clinic's day, not the device's or UTC's.
 */
export function clinicWallClock(value: string, zone = clinicZone): string {
  const date = parse(value);
  if (!date) return value;
  const parts = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZone: zone,
  })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A moment's calendar day in a zone, as YYYY-MM-DD. */
export function calendarDayIn(moment: Date, zone = clinicZone): string {
  const parts = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: zone })
    .formatToParts(moment)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Today in the clinic's calendar: the default due date of a new assignment (spec §5). */
export function clinicToday(now = new Date(), zone = clinicZone): string {
  return calendarDayIn(now, zone);
}

/** Whether a due date (its calendar day, stored at the start of its UTC day) is today at the clinic. */
export function isClinicToday(dueDate: string, now = new Date(), zone = clinicZone): boolean {
  return dueDate.slice(0, 10) === clinicToday(now, zone);
}
