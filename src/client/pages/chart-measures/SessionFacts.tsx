import { DataList } from "@mantine/core";
import type { SessionReport } from "../../../shared/api/measure-reports.ts";
import { formatCalendarDate, formatMoment } from "../../dates/clinic-dates.ts";
import { relationLabel } from "../measures/measure-format.ts";

/**
 * Who answered a session and when, and what it was answered to (recall period, definition
 * version): the session report's facts, the same on screen and in its PDF.
 */
export function SessionFacts({ report, vertical = false }: { report: SessionReport; vertical?: boolean }) {
  const relation = relationLabel(report.respondent?.relation_id);
  return (
    <DataList withDivider labelWidth="10rem" orientation={vertical ? "vertical" : "horizontal"}>
      {report.patient && <Row label="Patient" value={report.patient.full_name} />}
      {report.respondent && (
        <Row label="Answered by" value={`${report.respondent.name}${relation ? ` (${relation})` : ""}`} />
      )}
      {report.due_date && <Row label="Due" value={formatCalendarDate(report.due_date)} />}
      {report.completed_at && <Row label="Completed" value={formatMoment(report.completed_at)} />}
      {report.completed_by?.name && <Row label="Submitted by" value={report.completed_by.name} />}
      <Row label="Recall period" value={report.measure.recall_period} />
      <Row label="Definition version" value={report.measure.version} />
    </DataList>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
