import { Alert, Anchor, Button, Center, Group, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import { Link, useNavigate, useParams } from "react-router-dom";
import { RecordLoader } from "../../entities/RecordLoader.tsx";
import { useGeneralSettingsQuery } from "../../settings/useGeneralSettings.ts";
import { useCanWritePatients } from "../patients/PatientPermissions.tsx";
import { PatientStatus } from "../patients/PatientStatus.tsx";
import { type PatientRecord, patientEntity } from "../patients/patient-api.ts";
import { PATIENTS_PATH, patientPaths } from "../patients/patient-paths.ts";
import { NotFoundPage } from "../system/NotFoundPage.tsx";
import { ChartInformation } from "./ChartInformation.tsx";
import { ChartInsurance } from "./ChartInsurance.tsx";
import { ChartMeasures } from "./ChartMeasures.tsx";
import { ChartMeasuresList } from "./ChartMeasuresList.tsx";
import { ChartPrograms } from "./ChartPrograms.tsx";
import { useChartTeam } from "./chart-api.ts";
import { CHART_TABS, type ChartTab, chartPath, isChartTab } from "./chart-paths.ts";
import { PatientAlerts } from "./PatientAlerts.tsx";

const ID = /^[1-9]\d{0,15}$/;

/**
 * /assignment/:ccaId/:ccauId/:tab, the patient chart (spec §2): the patient's name, then the
 * tabs Measures (the default), Alerts, Information, Measures list, Programs (only while the
 * clinic uses programs; ChartPrograms.tsx) and Insurance, each its own address so a tab can be linked, bookmarked and reached with the browser's back button. :ccauId is the
 * respondent the chart was opened for (the patient's own link from the patient list); it must
 * belong to the chart.
 */
export function PatientChartPage() {
  const { ccaId = "", ccauId = "", tab = "" } = useParams();
  if (!ID.test(ccaId) || !ID.test(ccauId) || !isChartTab(tab)) return <NotFoundPage />;
  return <Chart ccaId={Number(ccaId)} ccauId={Number(ccauId)} tab={tab} />;
}

function Chart({ ccaId, ccauId, tab }: { ccaId: number; ccauId: number; tab: ChartTab }) {
  const team = useChartTeam(ccaId);
  const settings = useGeneralSettingsQuery();
  const programsEnabled = settings.data?.programs_enabled === true;
  if (team.isPending || settings.isLoading)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading chart" />
      </Center>
    );
  if (team.isError || !team.data.rows.some((m) => m.ccauId === ccauId)) return <ChartNotFound />;
  if (tab === "programs" && !programsEnabled) return <NotFoundPage />;
  return (
    <RecordLoader<PatientRecord>
      entity={patientEntity}
      id={String(team.data.patientId)}
      backTo={{ label: "Back to patients", to: PATIENTS_PATH }}
    >
      {(patient) => (
        <ChartTabs patient={patient} ccaId={ccaId} ccauId={ccauId} tab={tab} programsEnabled={programsEnabled} />
      )}
    </RecordLoader>
  );
}

function ChartTabs({
  patient,
  ccaId,
  ccauId,
  tab,
  programsEnabled,
}: {
  patient: PatientRecord;
  ccaId: number;
  ccauId: number;
  tab: ChartTab;
  programsEnabled: boolean;
}) {
  const navigate = useNavigate();
  const canWrite = useCanWritePatients();
  const name = patient.full_name ?? "";
  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} to={PATIENTS_PATH} size="sm">
        ← Patients
      </Anchor>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{name}</Title>
        {canWrite && (
          <Button component={Link} to={patientPaths.edit(patient.id)} variant="default">
            Edit patient
          </Button>
        )}
      </Group>
      <PatientStatus patientId={patient.id} patientName={name} active={patient.status === true} canWrite={canWrite} />
      <Tabs
        value={tab}
        onChange={(next) => next && isChartTab(next) && navigate(chartPath(ccaId, ccauId, next))}
        keepMounted={false}
      >
        <Tabs.List aria-label={`Chart of ${name}`}>
          {CHART_TABS.filter((t) => t.value !== "programs" || programsEnabled).map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="measures" pt="md">
          <ChartMeasures patientId={patient.id} ccaId={ccaId} ccauId={ccauId} patientName={name} canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="alerts" pt="md">
          <Stack gap="sm">
            <Title order={2} size="h3">
              Alerts
            </Title>
            <PatientAlerts patientId={patient.id} canAcknowledge={canWrite} emptyText="No alerts on this chart." />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="information" pt="md">
          <ChartInformation patient={patient} ccaId={ccaId} />
        </Tabs.Panel>
        <Tabs.Panel value="measures-list" pt="md">
          <ChartMeasuresList ccaId={ccaId} canWrite={canWrite} />
        </Tabs.Panel>
        {programsEnabled && (
          <Tabs.Panel value="programs" pt="md">
            <ChartPrograms patientId={patient.id} patientName={name} canWrite={canWrite} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="insurance" pt="md">
          <ChartInsurance patientId={patient.id} patientName={name} canWrite={canWrite} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ChartNotFound() {
  return (
    <Alert color="yellow" title="Patient not found" maw={880}>
      <Text size="sm">{patientEntity.notFound.text}</Text>
      <Anchor component={Link} to={PATIENTS_PATH} size="sm">
        Back to the patient list
      </Anchor>
    </Alert>
  );
}
