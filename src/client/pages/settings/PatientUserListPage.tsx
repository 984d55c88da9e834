import { EntityListPage } from "../../entities/EntityListPage.tsx";
import { type PatientUserRecord, patientUserEntity } from "./patient-users-api.ts";
import { settingsPaths } from "./settings-paths.ts";

const rowHref = (row: PatientUserRecord) => settingsPaths.patientUser(row.id);
const SAVED_FILTERS = { keys: { status: "respondentsStatusSelector" } } as const;

/**
 * /settings/patient-users: patients' and respondents' accounts, searched by name, contact or a
 * linked patient's name or MRN, under a status filter that follows the user (spec §3).
 */
export function PatientUserListPage() {
  return (
    <EntityListPage<PatientUserRecord>
      entity={patientUserEntity}
      title="Patient users"
      searchPlaceholder="Name, contact, patient or MRN"
      rowHref={rowHref}
      savedFilters={SAVED_FILTERS}
    />
  );
}
