import type { AnswerValue } from "../../session/questions/question-types.ts";

/** The measure a report is about, with the definition version the answers were given to. */
export interface ReportMeasure {
  id: number | null;
  measure_id: string;
  version: string;
  abbreviation: string;
  short_name: string;
  name: string;
  condition: string;
  respondent: string;
  recall_period: string;
  scoring_description: string | null;
  higher_is_better: boolean | null;
  range: { min: number; max: number } | null;
}

export interface ReportAnswer {
  questionId: string;
  pageId: string;
  number: number | null;
  type: string;
  text: string;
  required: boolean;
  answered: boolean;
  value: AnswerValue | null;
  labels: string[];
  score: number | null;
  /** Hidden by branching: kept for the record, counted for nothing. */
  hidden: boolean;
}

export interface ReportScale {
  id: string;
  label: string;
  score: number;
  range: { min: number; max: number } | null;
  cutoffCrossed: boolean | null;
}

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
  cutoff: { value: number; direction: string; meaning: string; basis: string } | null;
  cutoffCrossed: boolean | null;
}

export interface ScoreChange {
  from: number;
  to: number;
  change: number;
  direction: "improved" | "worsened" | "unchanged";
  reliableChange?: "reliable improvement" | "reliable deterioration" | "no reliable change";
  rci?: number;
}

export interface ReportAlert {
  /** The stored alert; null in a preview, where nothing is stored. */
  id: number | null;
  rule_id: string;
  level: "critical" | "warning";
  message: string;
  questionId: string | null;
  scale: string | null;
  time: string | null;
  acknowledged_data: { clinicianId: number; clinician: string; date: string } | null;
}

/**
 * A session report (GET measure-session/:clientMeasureId/session-report) or a preview's report
 * (POST questionnaires-audition/:measureId/report, audition: true): docs/api/measures.md.
 */
export interface SessionReport {
  audition: boolean;
  clientMeasureId: number | null;
  status: "not_started" | "partial" | "submitted" | "disabled" | null;
  due_date?: string;
  started_at?: string | null;
  completed_at?: string | null;
  completed_by?: { id: number; name: string | null } | null;
  ccauId?: number;
  ccaId?: number;
  patient?: { id: number; full_name: string };
  respondent?: { name: string; relation_id: number };
  age?: number;
  measure: ReportMeasure;
  answers: ReportAnswer[];
  score: ReportScore | null;
  comparison: { sinceFirst: ScoreChange | null; sincePrevious: ScoreChange | null } | null;
  alerts: ReportAlert[];
}
