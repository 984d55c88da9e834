import { Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router-dom";
import { LocationEditor } from "./LocationEditor.tsx";
import { LOCATIONS, type LocationRecord } from "./locations-api.ts";
import { RecordLoader } from "./RecordLoader.tsx";
import { useRecord } from "./settings-api.ts";
import { settingsPaths } from "./settings-paths.ts";

/** /settings/locations/:locationId/edit */
export function LocationEditPage() {
  const { locationId = "" } = useParams();
  const query = useRecord<LocationRecord>(LOCATIONS, locationId, `location/${encodeURIComponent(locationId)}`);
  return (
    <RecordLoader query={query} what="location" backTo={{ label: "Back to locations", to: settingsPaths.locations }}>
      {(location) => (
        <Stack gap="md" maw={720}>
          <div>
            <Title order={1}>Edit location</Title>
            <Text c="dimmed">{location.name}</Text>
          </div>
          <LocationEditor key={location.id} location={location} />
        </Stack>
      )}
    </RecordLoader>
  );
}
