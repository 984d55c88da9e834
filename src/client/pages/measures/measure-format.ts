import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";

const calendarDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const moment = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * A due date: stored as the start of its day in UTC (spec §5), so it is read in UTC to show
 * the calendar day the clinician chose, never the day before in the Americas.
 */
export function formatDueDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : calendarDay.format(date);
}

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** The calendar day of a moment (a completion), in the reader's own time zone. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

/** A moment (completed, raised, acknowledged) in the reader's own time zone. */
export function formatMoment(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : moment.format(date);
}

/** Today in the browser's calendar, as the due date the scheduling call wants (spec §5). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether the due date (start of its UTC day) is today's calendar day here. */
export function isDueToday(iso: string, now = new Date()): boolean {
  return iso.slice(0, 10) === localToday(now);
}

function labels(id: string): Map<string | number, string> {
  return new Map(enumOptions(schemaById(defaultBundle, id)).map((o) => [o.value, o.label]));
}

const SESSION_STATUS = labels("enums/measure-session-status.json");
const RELATION = labels("enums/relation.json");
const RESPONDENT = new Map(
  enumOptions(schemaById(defaultBundle, "measures/measure-definition.json").properties?.respondent ?? {}).map((o) => [
    o.value,
    o.label,
  ]),
);

/** "Not started", "Partially completed", "Submitted" (enums/measure-session-status.json). */
export function sessionStatusLabel(status: string | null | undefined): string {
  return status ? (SESSION_STATUS.get(status) ?? status) : "";
}

export function relationLabel(relationId: number | null | undefined): string {
  return relationId ? (RELATION.get(relationId) ?? "") : "";
}

/** "Self-report", "Parent or caregiver", ... (the definition schema's respondent titles). */
export function respondentLabel(respondent: string | null | undefined): string {
  return respondent ? (RESPONDENT.get(respondent) ?? respondent) : "";
}
