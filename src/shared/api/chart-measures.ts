/** One completed session on a measure's progress chart. */
export interface ProgressPoint {
  clientMeasureId: number;
  date: string;
  score: number | null;
  severity: string | null;
}

/** One measure given to one respondent (spec §3 Assigned measure extras). */
export interface MeasureOverview {
  measureLibraryId: number;
  measure_id: string;
  abbreviation: string;
  short_name: string | null;
  name: string;
  sessions_completed: number;
  measure_date_completed: string[];
  next_due: { clientMeasureId: number; due_date: string; status: string } | null;
  open_sessions: { clientMeasureId: number; due_date: string; status: string }[];
  next_schedules: { id: number; due_date: string; frequency: number; frequency_information: string }[];
  latest: ProgressPoint | null;
  progress_chart: { is_scorable: boolean; sessions_progress_results: ProgressPoint[]; show_chart: boolean };
}

/** GET /api/overview/measures/:ccauId: every measure given to one respondent of a chart. */
export interface RespondentOverview {
  ccauId: number;
  ccaId: number;
  patientId: number;
  respondent: { name: string; relation_id: number };
  rows: MeasureOverview[];
  totalRecords: number;
}
