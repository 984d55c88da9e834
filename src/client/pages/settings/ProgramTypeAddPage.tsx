import { Stack, Title } from "@mantine/core";
import { ProgramTypeEditor } from "./ProgramTypeEditor.tsx";

/** /settings/program-types/add */
export function ProgramTypeAddPage() {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Add program type</Title>
      <ProgramTypeEditor />
    </Stack>
  );
}
