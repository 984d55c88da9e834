import { Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router-dom";
import { RecordLoader } from "./RecordLoader.tsx";
import { useRecord } from "./settings-api.ts";
import { settingsPaths } from "./settings-paths.ts";
import { TeamEditor } from "./TeamEditor.tsx";
import { TEAMS, type TeamRecord } from "./teams-api.ts";

/** /settings/clinical-team/:teamId/edit */
export function TeamEditPage() {
  const { teamId = "" } = useParams();
  const query = useRecord<TeamRecord>(TEAMS, teamId, `clinician-team/${encodeURIComponent(teamId)}`);
  return (
    <RecordLoader query={query} what="team" backTo={{ label: "Back to clinician teams", to: settingsPaths.teams }}>
      {(team) => (
        <Stack gap="md" maw={720}>
          <div>
            <Title order={1}>Edit clinician team</Title>
            <Text c="dimmed">{team.name}</Text>
          </div>
          <TeamEditor key={team.id} team={team} />
        </Stack>
      )}
    </RecordLoader>
  );
}
