import { Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router-dom";
import { RecordLoader } from "../../entities/RecordLoader.tsx";
import { settingsPaths } from "./settings-paths.ts";
import { TeamEditor } from "./TeamEditor.tsx";
import { type TeamRecord, teamEntity } from "./teams-api.ts";

/** /settings/clinical-team/:teamId/edit */
export function TeamEditPage() {
  const { teamId = "" } = useParams();
  return (
    <RecordLoader<TeamRecord>
      entity={teamEntity}
      id={teamId}
      backTo={{ label: "Back to clinician teams", to: settingsPaths.teams }}
    >
      {(team, reload) => (
        <Stack gap="md" maw={720}>
          <div>
            <Title order={1}>Edit clinician team</Title>
            <Text c="dimmed">{team.name}</Text>
          </div>
          <TeamEditor key={team.id} team={team} reload={reload} />
        </Stack>
      )}
    </RecordLoader>
  );
}
