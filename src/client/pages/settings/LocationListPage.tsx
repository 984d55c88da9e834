import { useState } from "react";
import { EntityListPage } from "../../entities/EntityListPage.tsx";
import { LocationDeleteDialog } from "./LocationDeleteDialog.tsx";
import { type LocationRecord, locationEntity } from "./locations-api.ts";
import { RowDeleteButton } from "./RowDeleteButton.tsx";
import { settingsPaths } from "./settings-paths.ts";

const rowHref = (row: LocationRecord) => settingsPaths.locationEdit(row.id);

/** /settings/locations: search, the locations table, add, and delete (with reassignment when in use). */
export function LocationListPage() {
  const [deleting, setDeleting] = useState<LocationRecord | null>(null);
  return (
    <EntityListPage<LocationRecord>
      entity={locationEntity}
      title="Locations"
      addTo={settingsPaths.locationAdd}
      searchPlaceholder="Search by name, address, city or zip"
      rowHref={rowHref}
      rowActions={(row) => <RowDeleteButton name={row.name} onClick={() => setDeleting(row)} />}
    >
      {deleting && <LocationDeleteDialog key={deleting.id} location={deleting} onClose={() => setDeleting(null)} />}
    </EntityListPage>
  );
}
