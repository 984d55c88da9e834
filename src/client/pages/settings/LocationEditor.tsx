import { EntityEditor } from "../../entities/EntityEditor.tsx";
import { type LocationRecord, locationEntity } from "./locations-api.ts";
import { settingsPaths } from "./settings-paths.ts";

const toList = () => settingsPaths.locations;

/** Add or edit a location (forms/location.form.json); the state list is the schema's state enum. */
export function LocationEditor(props: {
  location?: LocationRecord;
  reload?: () => Promise<LocationRecord | undefined>;
}) {
  return (
    <EntityEditor
      entity={locationEntity}
      record={props.location}
      reload={props.reload}
      afterSave={toList}
      cancelTo={settingsPaths.locations}
    />
  );
}
