import { SchemaTable } from "../../renderers/SchemaTable.tsx";
import { ListFilters } from "./ListFilters.tsx";
import { ListFrame } from "./ListFrame.tsx";
import { pagedTableProps, useListPosition } from "./list-state.ts";
import { PATIENT_USERS, PATIENT_USERS_PATH, type PatientUserRecord } from "./patient-users-api.ts";
import { useServerList } from "./settings-api.ts";
import { settingsPaths } from "./settings-paths.ts";
import { useSavedFilters } from "./useSavedFilters.ts";

const TABLE_ID = "tables/patient-users.table.json";
const rowHref = (row: PatientUserRecord) => settingsPaths.patientUser(row.id);
const countLabel = (n: number) => `${n} ${n === 1 ? "patient user" : "patient users"}`;
const SAVED_FILTERS = { status: "respondentsStatusSelector" } as const;

/**
 * /settings/patient-users: patients' and respondents' accounts, searched by name, contact or a
 * linked patient's name or MRN, under a status filter that follows the user (spec §3).
 */
export function PatientUserListPage() {
  const { position, update, searchText, setSearchText } = useListPosition(TABLE_ID);
  const filters = useSavedFilters(TABLE_ID, SAVED_FILTERS);
  const list = useServerList<PatientUserRecord>(
    PATIENT_USERS,
    PATIENT_USERS_PATH,
    { ...position, ...filters.query },
    filters.ready,
  );

  return (
    <ListFrame
      title="Patient users"
      searchLabel="Search patient users"
      searchPlaceholder="Name, contact, patient or MRN"
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
        label="Patient users"
        {...pagedTableProps(position, update, list)}
        rowHref={rowHref}
        countLabel={countLabel}
        loading={list.isFetching || !filters.ready}
      />
    </ListFrame>
  );
}
