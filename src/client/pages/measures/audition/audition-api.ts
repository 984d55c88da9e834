import { api } from "../../../api/http.ts";
import type { AnswerMap, PageView } from "../../session/questions/question-types.ts";
import type { ReportMeasure, SessionReport } from "../report/report-types.ts";

/** POST questionnaires-audition/:measureId/start: the whole measure to answer, nothing stored. */
export interface AuditionStart {
  auditionId: string;
  age: number;
  /** Null when the definition states no numeric age range. */
  ageInRange: boolean | null;
  measure: ReportMeasure & { instructions: { respondent?: string; interviewer?: string } };
  pages: PageView[];
}

export function startAudition(measureId: string, age: number): Promise<AuditionStart> {
  return api<AuditionStart>(`questionnaires-audition/${encodeURIComponent(measureId)}/start`, {
    method: "POST",
    body: { age },
  });
}

/** Scores the preview's answers as a real session would be; answers of hidden questions are dropped. */
export function auditionReport(measureId: string, age: number, answers: AnswerMap): Promise<SessionReport> {
  const given = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== null));
  return api<SessionReport>(`questionnaires-audition/${encodeURIComponent(measureId)}/report`, {
    method: "POST",
    body: { age, answers: given },
  });
}
