import { Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router-dom";
import { RecordLoader } from "../../entities/RecordLoader.tsx";
import { ProgramTypeEditor } from "./ProgramTypeEditor.tsx";
import { type ProgramTypeRecord, programTypeEntity } from "./program-types-api.ts";
import { settingsPaths } from "./settings-paths.ts";

/** /settings/program-types/:programTypeId/edit */
export function ProgramTypeEditPage() {
  const { programTypeId = "" } = useParams();
  return (
    <RecordLoader<ProgramTypeRecord>
      entity={programTypeEntity}
      id={programTypeId}
      backTo={{ label: "Back to program types", to: settingsPaths.programTypes }}
    >
      {(programType, reload) => (
        <Stack gap="lg" maw={720}>
          <div>
            <Title order={1}>Edit program type</Title>
            <Text c="dimmed">{programType.name}</Text>
          </div>
          <ProgramTypeEditor key={programType.id} programType={programType} reload={reload} />
        </Stack>
      )}
    </RecordLoader>
  );
}
