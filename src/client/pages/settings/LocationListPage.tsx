import { Button } from "@mantine/core";
import { useState } from "react";
import { SchemaTable } from "../../renderers/SchemaTable.tsx";
import { ListFrame } from "./ListFrame.tsx";
import { LocationDeleteDialog } from "./LocationDeleteDialog.tsx";
import { useListPosition } from "./list-state.ts";
import { LOCATIONS, type LocationRecord } from "./locations-api.ts";
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
        rows={list.data?.rows ?? EMPTY}
        totalRecords={list.data?.totalRecords ?? 0}
        page={position.page}
        pageSize={position.pageSize}
        sort={position.sort}
        order={position.order}
        onSortChange={(sort, order) => update({ sort, order, page: 1 })}
        onPageChange={(page) => update({ page })}
        rowHref={rowHref}
        countLabel={countLabel}
        loading={list.isFetching}
        rowActions={(row) => (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={`Delete ${row.name}`}
            onClick={() => setDeleting(row)}
          >
            Delete
          </Button>
        )}
      />
      {deleting && <LocationDeleteDialog key={deleting.id} location={deleting} onClose={() => setDeleting(null)} />}
    </ListFrame>
  );
}

const EMPTY: LocationRecord[] = [];
