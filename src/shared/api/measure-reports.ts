import type { MeasureSessionStatus } from "../../../generated/types/enums/measure-session-status.ts";
import type { MeasureDefinition } from "../measures/types.ts";
import type { AnswerValue, AppliedCutoff, SessionComparison } from "../scoring/types.ts";
import type { MeasureSummary } from "./measure-library.ts";
import type { PageView } from "./questionnaire-pages.ts";

/** The measure a report is about, with the definition version the answers were given to. */
export interface ReportMeasure extends MeasureSummary {
  /** The library id; null only where no library row is meant. */
  id: number | null;
  scoring_description: string | null;
  higher_is_better: boolean | null;
  range: { min: number; max: number } | null;
}

/** One answerable question of a report, in page order. */
export interface ReportAnswer {
  questionId: string;
  pageId: string;
  number: number | null;
  type: string;
  text: string;
  required: boolean;
  answered: boolean;
  value: AnswerValue | null;
  /** Option labels of the chosen value(s), as the respondent read them. */
  labels: string[];
  score: number | null;
  /** Hidden by branching: the answer (if any) is kept for the record but counts for nothing. */
  hidden: boolean;
}

/** A subscale or derived scale with its score and cut-off verdict. */
export interface ReportScale {
  id: string;
  label: string;
  score: number;
  range: { min: number; max: number } | null;
  cutoffCrossed: boolean | null;
}

/** The scoring engine's result as a report shows it. */
export interface ReportScore {
  scorable: boolean;
  reason: string | null;
  total: number | null;
  range: { min: number; max: number } | null;
  adjustedForMissing: boolean;
  missingRequired: string[];
  missingItems: string[];
  subscales: ReportScale[];
  derived: ReportScale[];
  severity: { label: string; min: number; max: number } | null;
  cutoff: AppliedCutoff | null;
  cutoffCrossed: boolean | null;
}

/** One alert of a report. */
export interface ReportAlert {
  /** The alert row; null in a preview, where nothing is stored. */
  id: number | null;
  rule_id: string;
  level: "critical" | "warning";
  message: string;
  questionId: string | null;
  scale: string | null;
  time: string | null;
  acknowledged_data: { clinicianId: number; clinician: string; date: string } | null;
}

/** What every report holds, stored session or preview. */
export interface ReportBody {
  measure: ReportMeasure;
  answers: ReportAnswer[];
  score: ReportScore | null;
  comparison: SessionComparison | null;
  alerts: ReportAlert[];
}

/**
 * The report of a stored session: GET /api/measure-session/:clientMeasureId/session-report and
 * GET /api/overview/answers-report/:clientMeasureId (src/server/sessions/session-report.ts).
 */
export interface SessionReport extends ReportBody {
  audition: false;
  clientMeasureId: number;
  status: MeasureSessionStatus;
  due_date: string;
  started_at: string | null;
  completed_at: string | null;
  completed_by: { id: number; name: string | null } | null;
  ccauId: number;
  ccaId: number;
  patient: { id: number; full_name: string };
  respondent: { name: string; relation_id: number };
}

/** A preview's report: POST /api/questionnaires-audition/:measureId/report (nothing stored). */
export interface PreviewReport extends ReportBody {
  audition: true;
  age: number;
  clientMeasureId: null;
  status: null;
}

/** Either report, as the report view shows both. */
export type AnyReport = SessionReport | PreviewReport;

/** POST /api/questionnaires-audition/:measureId/start: the whole measure to answer, nothing stored. */
export interface AuditionStart {
  auditionId: string;
  age: number;
  /** Null when the definition states no numeric age range. */
  ageInRange: boolean | null;
  measure: ReportMeasure & { instructions: MeasureDefinition["instructions"] };
  pages: PageView[];
}
