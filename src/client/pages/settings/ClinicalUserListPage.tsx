import { SchemaTable } from "../../renderers/SchemaTable.tsx";
import { ClinicalUserActions } from "./ClinicalUserActions.tsx";
import { CLINICAL_USERS, type ClinicalUserRecord } from "./clinical-users-api.ts";
import { ListFilters } from "./ListFilters.tsx";
import { ListFrame } from "./ListFrame.tsx";
import { pagedTableProps, useListPosition } from "./list-state.ts";
import { useServerList } from "./settings-api.ts";
import { settingsPaths } from "./settings-paths.ts";
import { useSavedFilters } from "./useSavedFilters.ts";

const TABLE_ID = "tables/clinical-users.table.json";
const rowHref = (row: ClinicalUserRecord) => settingsPaths.clinicalUserEdit(row.id);
const countLabel = (n: number) => `${n} ${n === 1 ? "clinical user" : "clinical users"}`;
const rowActions = (row: ClinicalUserRecord) => <ClinicalUserActions user={row} />;

/** The UI settings of spec §3 that remember this list's filters. */
const SAVED_FILTERS = {
  status: "accountStatusSelector",
  roles: "clinicalUserRole",
  no_contact_information: "noContactInfoselector",
} as const;

/** Respondents are patient users and the PDF renderer is a machine: neither is a clinical user's role. */
const clinicalRole = (field: string, value: string) => field !== "roles" || (value !== "respondent" && value !== "pdf");

/**
 * /settings/clinical-users: the clinical users under the filters of spec §7 (status, roles, no
 * contact information, from the list's query schema), with the account actions of spec §4 on
 * each row.
 */
export function ClinicalUserListPage() {
  const { position, update, searchText, setSearchText } = useListPosition(TABLE_ID);
  const filters = useSavedFilters(TABLE_ID, SAVED_FILTERS, clinicalRole);
  const list = useServerList<ClinicalUserRecord>(
    CLINICAL_USERS,
    "clinical-user",
    { ...position, ...filters.query },
    filters.ready,
  );

  return (
    <ListFrame
      title="Clinical users"
      add={{ label: "Add clinical user", to: settingsPaths.clinicalUserAdd }}
      searchLabel="Search clinical users"
      searchPlaceholder="Name, email, username or provider id"
      searchText={searchText}
      onSearchText={setSearchText}
      error={list.error}
      filters={
        <ListFilters
          specs={filters.specs}
          values={filters.values}
          onChange={(field, value) => {
            update({ page: 1 });
            filters.choose(field, value);
          }}
        />
      }
    >
      <SchemaTable
        tableId={TABLE_ID}
        label="Clinical users"
        {...pagedTableProps(position, update, list)}
        rowHref={rowHref}
        countLabel={countLabel}
        loading={list.isFetching || !filters.ready}
        rowActions={rowActions}
      />
    </ListFrame>
  );
}
