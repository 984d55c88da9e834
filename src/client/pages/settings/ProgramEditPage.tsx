import { Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router-dom";
import { RecordLoader } from "../../entities/RecordLoader.tsx";
import { ProgramEditor } from "./ProgramEditor.tsx";
import { ProgramMeasuresPanel } from "./ProgramMeasuresPanel.tsx";
import { type ProgramRecord, programEntity } from "./programs-api.ts";
import { settingsPaths } from "./settings-paths.ts";

/** /settings/programs/program/:programId/edit: the program's form, then the measures it assigns. */
export function ProgramEditPage() {
  const { programId = "" } = useParams();
  return (
    <RecordLoader<ProgramRecord>
      entity={programEntity}
      id={programId}
      backTo={{ label: "Back to programs", to: settingsPaths.programs }}
    >
      {(program, reload) => (
        <Stack gap="lg" maw={720}>
          <div>
            <Title order={1}>Edit program</Title>
            <Text c="dimmed">{program.name}</Text>
          </div>
          <ProgramEditor key={program.id} program={program} reload={reload} />
          <ProgramMeasuresPanel programId={String(program.id)} />
        </Stack>
      )}
    </RecordLoader>
  );
}
