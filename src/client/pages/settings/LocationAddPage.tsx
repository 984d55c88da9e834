import { Stack, Title } from "@mantine/core";
import { LocationEditor } from "./LocationEditor.tsx";

/** /settings/locations/add */
export function LocationAddPage() {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Add location</Title>
      <LocationEditor />
    </Stack>
  );
}
