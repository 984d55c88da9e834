import { Alert, Anchor, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Link, useParams } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { Redirect } from "../../app/Redirect.tsx";
import { useSession } from "../../auth/useSession.ts";
import { SessionPdfButton } from "../documents/SessionPdfButton.tsx";
import { measurePaths } from "../measures/measure-paths.ts";
import { SessionReportView } from "../measures/report/SessionReportView.tsx";
import { PATIENTS_PATH } from "../patients/patient-paths.ts";
import { useSessionReport } from "./chart-api.ts";
import { chartPath } from "./chart-paths.ts";
import { ReportProgressChart } from "./ReportProgressChart.tsx";
import { SessionFacts } from "./SessionFacts.tsx";
import { SessionReportHeading } from "./SessionReportHeading.tsx";

const ID = /^[1-9]\d{0,15}$/;

/**
 * /assignment/:ccaId/:ccauId/measures/:clientMeasureId: one session's report for clinicians:
 * alerts (red, with the item and answer), score, severity, change with RCI, every answer.
 */
export function SessionReportPage() {
  const { ccaId = "", ccauId = "", clientMeasureId = "" } = useParams();
  const { can } = useSession();
  const narrow = useMediaQuery("(max-width: 36em)");
  const valid = ID.test(clientMeasureId);
  const query = useSessionReport(valid ? clientMeasureId : "0");

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Alert color="yellow" title="Session not found" maw={960}>
        <Text size="sm">This session does not exist or you do not have access to it.</Text>
        <Group gap="md" mt="xs">
          <Anchor component={Link} to={PATIENTS_PATH} size="sm">
            Back to the patient list
          </Anchor>
          <Anchor component={Link} to={measurePaths.alerts} size="sm">
            Go to alerts
          </Anchor>
        </Group>
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading session report" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="The session report could not be loaded" maw={960}>
        {errorText(query.error)}
      </Alert>
    );
  }
  const report = query.data;
  // An address with another chart or link than the session's own is put right, not trusted.
  if (
    report.ccaId !== undefined &&
    report.ccauId !== undefined &&
    (String(report.ccaId) !== ccaId || String(report.ccauId) !== ccauId)
  ) {
    return <Redirect to={measurePaths.report(report.ccaId, report.ccauId, Number(clientMeasureId))} />;
  }
  return (
    <Stack gap="md" maw={960}>
      {report.patient && (
        <Anchor
          component={Link}
          to={
            report.ccaId !== undefined && report.ccauId !== undefined
              ? chartPath(report.ccaId, report.ccauId)
              : measurePaths.patient(report.patient.id)
          }
          size="sm"
        >
          ← {report.patient.full_name}
        </Anchor>
      )}
      <SessionReportHeading report={report} />
      <SessionPdfButton clientMeasureId={report.clientMeasureId} />
      <SessionReportView
        report={report}
        canAcknowledge={can("patients.write")}
        summary={<SessionFacts report={report} vertical={narrow} />}
      />
      {report.ccaId !== undefined && report.ccauId !== undefined && (
        <ReportProgressChart ccaId={report.ccaId} ccauId={report.ccauId} measureId={report.measure.measure_id} />
      )}
    </Stack>
  );
}
