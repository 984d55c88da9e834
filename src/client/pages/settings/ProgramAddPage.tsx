import { Stack, Title } from "@mantine/core";
import { ProgramEditor } from "./ProgramEditor.tsx";

/** /settings/programs/add */
export function ProgramAddPage() {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Add program</Title>
      <ProgramEditor />
    </Stack>
  );
}
