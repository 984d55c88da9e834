import type { AlertDisposition } from "../../../shared/api/alerts.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";

export type { AlertDisposition };

/** What a clinician may record about an alert, in the words of schemas/enums/alert-disposition.json. */
export const DISPOSITIONS = enumOptions(schemaById(defaultBundle, "enums/alert-disposition.json")) as {
  value: AlertDisposition;
  label: string;
}[];

/** The longest note the acknowledge body accepts (schemas/api/alert-acknowledge.json). */
export const NOTE_MAX_LENGTH =
  (schemaById(defaultBundle, "api/alert-acknowledge.json").properties?.note as { maxLength?: number } | undefined)
    ?.maxLength ?? 1000;

export function dispositionLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return DISPOSITIONS.find((d) => d.value === value)?.label ?? null;
}
