import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { errorText } from "../../api/error-text.ts";
import { AlertNotice, noticeOf } from "../alerts/AlertNotice.tsx";
import { type AlertRow, usePatientAlerts } from "../alerts/alert-api.ts";
import { measurePaths } from "../measures/measure-paths.ts";

/** How many acknowledged alerts the chart keeps in view: the latest, with what was done about them. */
const RECENT_ACKNOWLEDGED = 3;

/**
 * The patient's active alerts, each in full at the top of the chart: never behind a click. Below
 * them the latest acknowledged ones, muted, saying who acknowledged them, when and what was done
 * (issue 9 §1: the disposition shows on the chart too), so an alert acknowledged here does not
 * just vanish. Every alert stays on its session report.
 */
export function PatientAlerts({
  patientId,
  canAcknowledge,
  emptyText,
}: {
  patientId: number;
  canAcknowledge: boolean;
  /** Said when there is no alert (the Alerts tab); nothing is shown otherwise (above the measures). */
  emptyText?: string;
}) {
  const active = usePatientAlerts(patientId, "active");
  const acknowledged = usePatientAlerts(patientId, "acknowledged", RECENT_ACKNOWLEDGED);
  if (active.isError) {
    return (
      <Alert color="red" title="Alerts could not be loaded">
        {errorText(active.error)} Check the alert list before relying on this chart.
      </Alert>
    );
  }
  const rows = active.data?.rows ?? [];
  const recent = acknowledged.data?.rows ?? [];
  if (rows.length === 0 && recent.length === 0) {
    if (!emptyText || active.isPending) return null;
    return <Text c="dimmed">{emptyText}</Text>;
  }
  return (
    <Stack gap="md">
      {rows.length > 0 && (
        <section aria-labelledby="patient-alerts">
          <Title order={3} size="h4" id="patient-alerts" c="red.8" mb="xs">
            Active alerts ({rows.length})
          </Title>
          <Stack gap="sm">
            {rows.map((row) => (
              <ChartAlert key={row.id} row={row} canAcknowledge={canAcknowledge} />
            ))}
          </Stack>
        </section>
      )}
      {recent.length > 0 && (
        <section aria-labelledby="patient-acknowledged-alerts">
          <Title order={3} size="h4" id="patient-acknowledged-alerts" mb="xs">
            Recently acknowledged alerts
          </Title>
          <Stack gap="sm">
            {recent.map((row) => (
              <ChartAlert key={row.id} row={row} canAcknowledge={false} />
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}

function ChartAlert({ row, canAcknowledge }: { row: AlertRow; canAcknowledge: boolean }) {
  return (
    <AlertNotice
      {...noticeOf(row)}
      canAcknowledge={canAcknowledge}
      context={
        <Anchor
          component={Link}
          to={measurePaths.report(row.ccaId, row.ccauId, row.clientMeasureId)}
          c="inherit"
          underline="always"
        >
          {row.measure} session report
        </Anchor>
      }
    />
  );
}
