import { useParams } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { useEntityRecord } from "../../entities/entity-api.ts";
import { useGeneralSettingsQuery } from "../../settings/useGeneralSettings.ts";
import { useRespondentOverviews, useSessionReport } from "../chart-measures/chart-api.ts";
import { ReportProgressChart } from "../chart-measures/ReportProgressChart.tsx";
import { SessionFacts } from "../chart-measures/SessionFacts.tsx";
import { SessionReportHeading } from "../chart-measures/SessionReportHeading.tsx";
import { SessionReportView } from "../measures/report/SessionReportView.tsx";
import { type PatientRecord, patientEntity } from "../patients/patient-api.ts";
import { InstrumentLine } from "./InstrumentLine.tsx";
import { PatientBanner } from "./PatientBanner.tsx";
import { PrintPage } from "./PrintPage.tsx";

const ID = /^[1-9]\d{0,15}$/;

const NOT_FOUND = "This session does not exist or you do not have access to it.";

/**
 * /assignment/:ccaId/:ccauId/measures/:clientMeasureId/pdf: one session's report for paper (issue 14),
 * made of the session report page's own parts so the PDF and the screen cannot disagree: patient
 * (name, MRN, date of birth), instrument and licence, who answered and when, alerts with their
 * acknowledgement, score, band, cut-off, change, every answer, and the measure's progress chart.
 * Calls: the session report, the patient, the respondent's measures overview (for the chart) and
 * the general settings (the clinic's time zone, read by the app root).
 */
export function SessionReportPrintPage() {
  const { ccaId = "", ccauId = "", clientMeasureId = "" } = useParams();
  const valid = ID.test(ccaId) && ID.test(ccauId) && ID.test(clientMeasureId);
  const report = useSessionReport(valid ? clientMeasureId : "0");
  const [overview] = useRespondentOverviews(valid ? [Number(ccauId)] : []);
  const patientId = report.data?.patient.id;
  const patient = useEntityRecord<PatientRecord>(patientEntity, String(patientId ?? ""), patientId !== undefined);
  const settings = useGeneralSettingsQuery();

  // An address naming another chart or link than the session's own is refused, not trusted.
  const elsewhere =
    report.data !== undefined && (String(report.data.ccaId) !== ccaId || String(report.data.ccauId) !== ccauId);
  const failed = report.error ?? patient.error ?? overview?.error ?? null;
  const error =
    !valid || elsewhere || (failed instanceof ApiError && failed.status === 404)
      ? NOT_FOUND
      : failed
        ? errorText(failed)
        : null;
  const loaded = !!report.data && !!patient.data && !!overview?.data && !settings.isLoading;

  return (
    <PrintPage label="Session report" loaded={loaded} error={error}>
      {report.data && patient.data && (
        <>
          <PatientBanner patient={patient.data} />
          <SessionReportHeading report={report.data} />
          <InstrumentLine measure={report.data.measure} />
          <SessionReportView
            report={report.data}
            canAcknowledge={false}
            summary={<SessionFacts report={report.data} />}
          />
          <ReportProgressChart
            ccaId={report.data.ccaId}
            ccauId={report.data.ccauId}
            measureId={report.data.measure.measure_id}
          />
        </>
      )}
    </PrintPage>
  );
}
