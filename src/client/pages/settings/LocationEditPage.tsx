import { Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router-dom";
import { RecordLoader } from "../../entities/RecordLoader.tsx";
import { LocationEditor } from "./LocationEditor.tsx";
import { type LocationRecord, locationEntity } from "./locations-api.ts";
import { settingsPaths } from "./settings-paths.ts";

/** /settings/locations/:locationId/edit */
export function LocationEditPage() {
  const { locationId = "" } = useParams();
  return (
    <RecordLoader<LocationRecord>
      entity={locationEntity}
      id={locationId}
      backTo={{ label: "Back to locations", to: settingsPaths.locations }}
    >
      {(location, reload) => (
        <Stack gap="md" maw={720}>
          <div>
            <Title order={1}>Edit location</Title>
            <Text c="dimmed">{location.name}</Text>
          </div>
          <LocationEditor key={location.id} location={location} reload={reload} />
        </Stack>
      )}
    </RecordLoader>
  );
}
