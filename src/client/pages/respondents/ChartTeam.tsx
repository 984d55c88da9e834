import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId, useMemo } from "react";
import { Link } from "react-router-dom";
import { errorText } from "../../api/error-text.ts";
import { useCanWritePatients } from "../patients/PatientPermissions.tsx";
import { useChartTeam } from "./respondent-api.ts";
import { respondentPaths } from "./respondent-paths.ts";
import { TeamMemberCard } from "./TeamMemberCard.tsx";
import { teamCardLayout } from "./team-columns.ts";

export interface ChartTeamProps {
  /** The patient's chart (access_control_id). */
  ccaId: number;
  patientId: number;
  patientName: string;
}

/**
 * The respondents on a patient's chart (spec §3 Respondent, §6): the patient's own account first
 * (the server orders), each with relation, contact information, account status and the warning
 * when invitations and reminders cannot reach them; add, edit, remove, invite and the account
 * actions of spec §4 (AccountStatusActions) for users who may change patients.
 */
export function ChartTeam({ ccaId, patientId, patientName }: ChartTeamProps) {
  const headingId = useId();
  const canWrite = useCanWritePatients();
  const team = useChartTeam(ccaId);
  const layout = useMemo(() => teamCardLayout(), []);

  let body: ReactNode;
  if (team.isPending) {
    body = (
      <Center py="md">
        <Loader size="sm" role="status" aria-label="Loading respondents" />
      </Center>
    );
  } else if (team.isError) {
    body = (
      <Alert color="red" variant="light" title="The respondents could not be loaded">
        {errorText(team.error)}
      </Alert>
    );
  } else {
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-labelledby={headingId} style={{ listStyle: "none" }}>
        {team.data.rows.map((member) => (
          <TeamMemberCard
            key={member.ccauId}
            member={member}
            layout={layout}
            patientId={patientId}
            patientName={patientName}
            canWrite={canWrite}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3" id={headingId}>
            Respondents
          </Title>
          <Text size="sm" c="dimmed">
            The patient and the people who answer measures about them.
          </Text>
        </div>
        {canWrite && (
          <Button component={Link} to={respondentPaths.add(patientId)} variant="light">
            Add respondent
          </Button>
        )}
      </Group>
      {body}
    </Stack>
  );
}
