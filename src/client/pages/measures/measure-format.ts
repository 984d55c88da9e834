import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";

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
