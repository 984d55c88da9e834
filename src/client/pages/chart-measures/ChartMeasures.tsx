import { Alert, Button, Center, Divider, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { errorText } from "../../api/error-text.ts";
import { AssignMeasureModal } from "./AssignMeasureModal.tsx";
import { type TeamMember, useChartTeam, useRespondentOverviews } from "./chart-api.ts";
import { PatientAlerts } from "./PatientAlerts.tsx";
import { RespondentMeasures } from "./RespondentMeasures.tsx";

export interface ChartMeasuresProps {
  patientId: number;
  /** The patient's chart (access_control_id). */
  ccaId: number;
  /** The patient's own respondent link (client_clinic_assignment_user_id). */
  ccauId: number;
  patientName: string;
  /** May assign measures and acknowledge alerts (patients.write). */
  canWrite: boolean;
}

/**
 * The patient's measures on the patient page: active alerts first and in full, then per
 * respondent the measures given (status, due date, latest score and severity, progress chart),
 * and "Assign measure".
 */
export function ChartMeasures({ patientId, ccaId, ccauId, patientName, canWrite }: ChartMeasuresProps) {
  const [assigning, setAssigning] = useState(false);
  const teamQuery = useChartTeam(ccaId);
  // Without the team (not loaded, or not allowed), the patient's own link is still known.
  const team: TeamMember[] = teamQuery.data?.rows.length
    ? teamQuery.data.rows
    : [
        {
          ccauId,
          ccaId,
          isPatient: true,
          full_name: patientName,
          relation_id: 1,
          relation: "",
          respondent_type_label: null,
        },
      ];
  const overviews = useRespondentOverviews(team.map((m) => m.ccauId));
  const loading = teamQuery.isPending || overviews.some((o) => o.isPending);
  const failed = overviews.find((o) => o.isError)?.error;
  const shown = overviews
    .map((o) => o.data)
    .filter((o) => o !== undefined)
    .filter((o) => o.rows.length > 0);

  return (
    <Stack gap="md" component="section" aria-labelledby="chart-measures">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} size="h3" id="chart-measures">
          Measures
        </Title>
        {canWrite && <Button onClick={() => setAssigning(true)}>Assign measure</Button>}
      </Group>
      <PatientAlerts patientId={patientId} canAcknowledge={canWrite} />
      {failed && (
        <Alert color="red" title="Some measures could not be loaded">
          {errorText(failed)}
        </Alert>
      )}
      {loading && shown.length === 0 ? (
        <Center py="md">
          <Loader size="sm" role="status" aria-label="Loading measures" />
        </Center>
      ) : shown.length === 0 ? (
        !failed && <Text c="dimmed">No measures have been assigned yet.</Text>
      ) : (
        shown.map((overview) => <RespondentMeasures key={overview.ccauId} overview={overview} canWrite={canWrite} />)
      )}
      <Divider mt="xs" />
      {canWrite && (
        <AssignMeasureModal opened={assigning} onClose={() => setAssigning(false)} team={team} defaultCcauId={ccauId} />
      )}
    </Stack>
  );
}
