import { Alert, Anchor, Stack, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { errorText } from "../../api/error-text.ts";
import { AlertNotice } from "../alerts/AlertNotice.tsx";
import { usePatientAlerts } from "../alerts/alert-api.ts";
import { measurePaths } from "../measures/measure-paths.ts";

/** The patient's active alerts, each in full at the top of the chart: never behind a click. */
export function PatientAlerts({ patientId, canAcknowledge }: { patientId: number; canAcknowledge: boolean }) {
  const alerts = usePatientAlerts(patientId, "active");
  if (alerts.isError) {
    return (
      <Alert color="red" title="Alerts could not be loaded">
        {errorText(alerts.error)} Check the alert list before relying on this chart.
      </Alert>
    );
  }
  const rows = alerts.data?.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="patient-alerts">
      <Title order={3} size="h4" id="patient-alerts" c="red.8" mb="xs">
        Active alerts ({rows.length})
      </Title>
      <Stack gap="sm">
        {rows.map((row) => (
          <AlertNotice
            key={row.id}
            id={row.id}
            level={row.level}
            message={row.message}
            time={row.time}
            acknowledged={row.acknowledged_data}
            overdue={row.overdue}
            escalatedAt={row.escalated_at}
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
        ))}
      </Stack>
    </section>
  );
}
