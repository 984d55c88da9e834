import { useState } from "react";
import { SchemaTable } from "../../renderers/SchemaTable.tsx";
import { ListFrame } from "./ListFrame.tsx";
import { LocationDeleteDialog } from "./LocationDeleteDialog.tsx";
import { pagedTableProps, useListPosition } from "./list-state.ts";
import { LOCATIONS, type LocationRecord } from "./locations-api.ts";
import { RowDeleteButton } from "./RowDeleteButton.tsx";
import { useServerList } from "./settings-api.ts";
import { settingsPaths } from "./settings-paths.ts";

const TABLE_ID = "tables/locations.table.json";
const rowHref = (row: LocationRecord) => settingsPaths.locationEdit(row.id);
const countLabel = (n: number) => `${n} ${n === 1 ? "location" : "locations"}`;

/** /settings/locations: search, the locations table, add, and delete (with reassignment when in use). */
export function LocationListPage() {
  const { position, update, searchText, setSearchText } = useListPosition(TABLE_ID);
  const list = useServerList<LocationRecord>(LOCATIONS, "location", { ...position });
  const [deleting, setDeleting] = useState<LocationRecord | null>(null);

  return (
    <ListFrame
      title="Locations"
      add={{ label: "Add location", to: settingsPaths.locationAdd }}
      searchLabel="Search locations"
      searchPlaceholder="Search by name, address, city or zip"
      searchText={searchText}
      onSearchText={setSearchText}
      error={list.error}
    >
      <SchemaTable
        tableId={TABLE_ID}
        label="Locations"
        {...pagedTableProps(position, update, list)}
        rowHref={rowHref}
        countLabel={countLabel}
        rowActions={(row) => <RowDeleteButton name={row.name} onClick={() => setDeleting(row)} />}
      />
      {deleting && <LocationDeleteDialog key={deleting.id} location={deleting} onClose={() => setDeleting(null)} />}
    </ListFrame>
  );
}
