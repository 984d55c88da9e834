import { EntityListPage } from "../../entities/EntityListPage.tsx";
import type { EntityDefinition } from "../../entities/entity-definition.ts";
import { measurePaths } from "../measures/measure-paths.ts";
import type { PatientUserRecord } from "../settings/patient-users-api.ts";

/** The respondents of the caller's patients (GET /api/respondents): listed here, edited on their charts. */
const respondentListEntity = {
  resource: "clinician-respondents",
  noun: "respondent",
  plural: "respondents",
  title: (record) => String(record.full_name ?? ""),
  tableId: "tables/clinician-respondents.table.json",
  listPath: "respondents",
  recordPath: (id) => `respondents/${encodeURIComponent(id)}`,
} satisfies EntityDefinition;

/** The account status filter is the one of Settings > Patient users: one choice, remembered for both. */
const SAVED_FILTERS = { keys: { status: "respondentsStatusSelector" } } as const;

/** A respondent's name opens the first of their patients' charts the caller may see. */
const rowHref = (row: PatientUserRecord) => {
  const first = row.patients[0]?.patient_id;
  return first ? measurePaths.patient(first) : "/clinician/patients";
};

/** /clinician/respondents (issue 10 §3): searched by name, contact or patient, filtered by account status. */
export function RespondentListPage() {
  return (
    <EntityListPage<PatientUserRecord>
      entity={respondentListEntity}
      title="Respondents"
      searchPlaceholder="Name, contact, patient or MRN"
      rowHref={rowHref}
      savedFilters={SAVED_FILTERS}
    />
  );
}
