import { Stack, Text, Title } from "@mantine/core";
import { ClinicalUserEditor } from "./ClinicalUserEditor.tsx";

/** /settings/clinical-users/add */
export function ClinicalUserAddPage() {
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={1}>Add clinical user</Title>
        <Text c="dimmed" size="sm">
          Once saved, invite them from the list: the invitation carries the link that sets up their account.
        </Text>
      </div>
      <ClinicalUserEditor />
    </Stack>
  );
}
