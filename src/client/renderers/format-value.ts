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
    case "object":
    case "unknown":
      return typeof value === "object" ? JSON.stringify(value) : String(value);
    default:
      return String(value);
  }
}
