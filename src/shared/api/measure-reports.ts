import type { AuditionStart as GeneratedAuditionStart } from "../../../generated/types/api/responses/audition-start.ts";
import type { PreviewReport as GeneratedPreviewReport } from "../../../generated/types/api/responses/preview-report.ts";
import type { ReportAnswer as GeneratedReportAnswer } from "../../../generated/types/api/responses/report-answer.ts";
import type { ReportBody as GeneratedReportBody } from "../../../generated/types/api/responses/report-body.ts";
import type { SessionReport as GeneratedSessionReport } from "../../../generated/types/api/responses/session-report.ts";
import type { WithAnswerValue } from "./answer-values.ts";
import type { PageView } from "./questionnaire-pages.ts";

/**
 * Session reports, preview reports and the preview start, as schemas/api/responses/ state them
 * (report-*.json, session-report.json, preview-report.json, audition-start.json); answers are
 * typed as the scoring engine types them (answer-values.ts).
 */
export type { ReportAlert } from "../../../generated/types/api/responses/report-alert.ts";
export type { ReportMeasure } from "../../../generated/types/api/responses/report-measure.ts";
export type { ReportScale } from "../../../generated/types/api/responses/report-scale.ts";
export type { ReportScore } from "../../../generated/types/api/responses/report-score.ts";

export type ReportAnswer = WithAnswerValue<GeneratedReportAnswer>;
export type ReportBody = Omit<GeneratedReportBody, "answers"> & { answers: ReportAnswer[] };
export type SessionReport = Omit<GeneratedSessionReport, "answers"> & ReportBody;
export type PreviewReport = Omit<GeneratedPreviewReport, "answers"> & ReportBody;
export type AuditionStart = Omit<GeneratedAuditionStart, "pages"> & { pages: PageView[] };

/** Either report, as the report view shows both. */
export type AnyReport = SessionReport | PreviewReport;
