import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import type { AnyReport } from "../../../../shared/api/measure-reports.ts";
import { ReportAlerts } from "./ReportAlerts.tsx";
import { ReportAnswers } from "./ReportAnswers.tsx";
import { ReportScoreSection } from "./ReportScore.tsx";

export interface SessionReportViewProps {
  report: AnyReport;
  canAcknowledge: boolean;
  /** Facts about the session (who, when), shown right after the alerts. */
  summary?: ReactNode;
}

/**
 * The report a clinician reads for one session (and, in a preview, for made-up answers):
 * alerts first and in full, then score, severity and change, then every answer.
 */
export function SessionReportView({ report, canAcknowledge, summary }: SessionReportViewProps) {
  return (
    <Stack gap="lg">
      <ReportAlerts
        alerts={report.alerts}
        answers={report.answers}
        score={report.score}
        canAcknowledge={canAcknowledge}
      />
      {summary}
      <ReportScoreSection report={report} />
      <ReportAnswers answers={report.answers} alerts={report.alerts} />
    </Stack>
  );
}
