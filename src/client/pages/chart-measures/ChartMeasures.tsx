import { Alert, Button, Center, Divider, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { errorText } from "../../api/error-text.ts";
import { AssignMeasureModal } from "./AssignMeasureModal.tsx";
import { type ChartChoice, ChartSettingsDialog } from "./ChartSettingsDialog.tsx";
import { type RespondentOverview, type TeamMember, useChartTeam, useRespondentOverviews } from "./chart-api.ts";
import { chartShown, useChartSettings } from "./chart-settings-api.ts";
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
  const [choosingCharts, setChoosingCharts] = useState(false);
  const chartSettings = useChartSettings().data;
  const chartChoices = chartedMeasures(shown);
  const chosenCount = chartSettings?.measure_uuids.length ?? 0;

  return (
    <Stack gap="md" component="section" aria-labelledby="chart-measures">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} size="h3" id="chart-measures">
          Measures
        </Title>
        <Group gap="xs">
          {chartChoices.length > 0 && (
            <Button variant="default" onClick={() => setChoosingCharts(true)}>
              Choose charts
            </Button>
          )}
          {canWrite && <Button onClick={() => setAssigning(true)}>Assign measure</Button>}
        </Group>
      </Group>
      {chosenCount > 0 && chartChoices.length > 0 && (
        <Text size="sm" c="dimmed">
          Charts shown: {chartSettings?.measures.map((m) => m.abbreviation).join(", ")} (your choice).
        </Text>
      )}
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
        shown.map((overview) => (
          <RespondentMeasures
            key={overview.ccauId}
            overview={overview}
            canWrite={canWrite}
            showChart={(m) => chartShown(chartSettings, m.uuid)}
          />
        ))
      )}
      <Divider mt="xs" />
      <ChartSettingsDialog
        opened={choosingCharts}
        onClose={() => setChoosingCharts(false)}
        choices={chartChoices}
        settings={chartSettings}
      />
      {canWrite && (
        <AssignMeasureModal opened={assigning} onClose={() => setAssigning(false)} team={team} defaultCcauId={ccauId} />
      )}
    </Stack>
  );
}

/** The measures charted on this chart (scorable, with results), once each, for "Choose charts". */
function chartedMeasures(overviews: readonly RespondentOverview[]): ChartChoice[] {
  const byUuid = new Map<string, ChartChoice>();
  for (const o of overviews) {
    for (const m of o.rows) {
      if (m.progress_chart.show_chart) byUuid.set(m.uuid, { uuid: m.uuid, abbreviation: m.abbreviation, name: m.name });
    }
  }
  return [...byUuid.values()].sort((a, b) => a.abbreviation.localeCompare(b.abbreviation));
}
