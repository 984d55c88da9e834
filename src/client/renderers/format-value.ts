import type { FieldKind } from "../../shared/schema/field-kind.ts";
import { formatCalendarDate, formatMoment } from "../dates/clinic-dates.ts";
import { formatPhone } from "../widgets/phone-mask.ts";

export interface EnumLabel {
  value: string | number;
  label: string;
}

/**
 * A stored value as text, by field kind: the one formatter of table cells, read-only views and
 * chart hover labels. Empty values give "" so callers choose their own placeholder.
 */
export function formatValue(kind: FieldKind, value: unknown, enumLabels: readonly EnumLabel[] = []): string {
  if (value === null || value === undefined || value === "") return "";
  switch (kind) {
    case "date":
      return formatCalendarDate(String(value));
    case "datetime":
      return formatMoment(String(value));
    case "enum":
      return enumLabels.find((o) => o.value === value)?.label ?? String(value);
    case "boolean":
      return value === true ? "Yes" : value === false ? "No" : String(value);
    case "phone":
      return formatPhone(String(value));
    case "integer":
    case "number":
      return typeof value === "number" ? value.toLocaleString("en-US") : String(value);
    case "percent":
      return typeof value === "number" ? `${value.toLocaleString("en-US")}%` : String(value);
    case "stringList":
    case "integerList":
    case "clinicians":
    case "clinicianTeams":
    case "locations":
    case "supervisors":
      // A list of codes (roles) shows each code's label when the column knows them.
      return Array.isArray(value)
        ? value.map((v) => enumLabels.find((o) => o.value === v)?.label ?? String(v)).join(", ")
        : String(value);
    case "alertCount":
      return alertCountText(value);
    case "scoreSummary":
      return scoreSummaryText(value);
    case "dueStatus":
      return dueStatusText(value);
    case "scoreChange":
      return scoreChangeText(value);
    case "seenMark":
      return value === false ? "New" : "Seen";
    case "object":
    case "unknown":
      return typeof value === "object" ? JSON.stringify(value) : String(value);
    default:
      return String(value);
  }
}

/** Active alerts as words: a count read out, never a colour or a bare number. */
function alertCountText(value: unknown): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  if (n === 0) return "None";
  return `${n.toLocaleString("en-US")} active ${n === 1 ? "alert" : "alerts"}`;
}

/** The latest score as "PHQ-9 14 · Moderate": measure, total, and the severity band when it has one. */
function scoreSummaryText(value: unknown): string {
  if (typeof value !== "object" || value === null) return String(value);
  const { measure, score, severity } = value as { measure?: unknown; score?: unknown; severity?: unknown };
  const total = typeof score === "number" ? score.toLocaleString("en-US") : String(score ?? "");
  const head = `${String(measure ?? "")} ${total}`.trim();
  return severity ? `${head} · ${String(severity)}` : head;
}

/** The next due date, said "Overdue" once its due day is over (the server decides, in the clinic's zone). */
function dueStatusText(value: unknown): string {
  if (typeof value !== "object" || value === null) return String(value);
  const { due_date, overdue } = value as { due_date?: unknown; overdue?: unknown };
  const date = typeof due_date === "string" ? formatCalendarDate(due_date) : "";
  return overdue === true ? `Overdue · ${date}` : date;
}

/**
 * Change since the previous session in words: "Down 5 · Improved", "Up 6 · Reliable
 * deterioration", "No change". The measure's direction (higher is better or worse) is the
 * server's verdict, so the words never guess it from the sign.
 */
function scoreChangeText(value: unknown): string {
  if (typeof value !== "object" || value === null) return String(value);
  const { change, direction, reliableChange } = value as {
    change?: unknown;
    direction?: unknown;
    reliableChange?: unknown;
  };
  if (typeof change !== "number" || change === 0) return "No change";
  const amount = `${change < 0 ? "Down" : "Up"} ${Math.abs(change).toLocaleString("en-US")}`;
  const verdict =
    typeof reliableChange === "string" && reliableChange !== "no reliable change" ? reliableChange : direction;
  const words = typeof verdict === "string" ? verdict : "";
  return words ? `${amount} · ${words.charAt(0).toUpperCase()}${words.slice(1)}` : amount;
}

/** Whether a value calls for action (active alerts, an overdue measure): shown with a warning mark too. */
export function needsAction(kind: FieldKind, value: unknown): boolean {
  if (kind === "alertCount") return Number(value) > 0;
  if (kind === "dueStatus")
    return typeof value === "object" && value !== null && "overdue" in value && value.overdue === true;
  if (kind === "scoreChange")
    return typeof value === "object" && value !== null && "direction" in value && value.direction === "worsened";
  return false;
}

/** Whether a value is news to the reader (a result they have not opened): shown in bold with a dot. */
export function isNew(kind: FieldKind, value: unknown): boolean {
  return kind === "seenMark" && value === false;
}
