import { EntityListPage } from "../../entities/EntityListPage.tsx";
import { ClinicalUserActions } from "./ClinicalUserActions.tsx";
import { type ClinicalUserRecord, clinicalUserEntity } from "./clinical-users-api.ts";
import { settingsPaths } from "./settings-paths.ts";

const rowHref = (row: ClinicalUserRecord) => settingsPaths.clinicalUserEdit(row.id);
const rowActions = (row: ClinicalUserRecord) => <ClinicalUserActions user={row} />;

/** Respondents are patient users and the PDF renderer is a machine: neither is a clinical user's role. */
const clinicalRole = (field: string, value: string) => field !== "roles" || (value !== "respondent" && value !== "pdf");

/** The UI settings of spec §3 that remember this list's filters. */
const SAVED_FILTERS = {
  keys: { status: "accountStatusSelector", roles: "clinicalUserRole", no_contact_information: "noContactInfoselector" },
  keep: clinicalRole,
} as const;

/**
 * /settings/clinical-users: the clinical users under the filters of spec §7 (status, roles, no
 * contact information, from the list's query schema), with the account actions of spec §4 on
 * each row.
 */
export function ClinicalUserListPage() {
  return (
    <EntityListPage<ClinicalUserRecord>
      entity={clinicalUserEntity}
      title="Clinical users"
      addTo={settingsPaths.clinicalUserAdd}
      searchPlaceholder="Name, email, username or provider id"
      rowHref={rowHref}
      savedFilters={SAVED_FILTERS}
      rowActions={rowActions}
    />
  );
}
