import { Stack, Title } from "@mantine/core";
import { TeamEditor } from "./TeamEditor.tsx";

/** /settings/clinical-team/add */
export function TeamAddPage() {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Add clinician team</Title>
      <TeamEditor />
    </Stack>
  );
}
