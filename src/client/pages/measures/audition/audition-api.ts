import type { AuditionStart, PreviewReport } from "../../../../shared/api/measure-reports.ts";
import { api } from "../../../api/http.ts";
import type { AnswerMap } from "../../../renderers/questions/question-types.ts";

export type { AuditionStart };

export function startAudition(measureId: string, age: number): Promise<AuditionStart> {
  return api<AuditionStart>(`questionnaires-audition/${encodeURIComponent(measureId)}/start`, {
    method: "POST",
    body: { age },
  });
}

/** Scores the preview's answers as a real session would be; answers of hidden questions are dropped. */
export function auditionReport(measureId: string, age: number, answers: AnswerMap): Promise<PreviewReport> {
  const given = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== null));
  return api<PreviewReport>(`questionnaires-audition/${encodeURIComponent(measureId)}/report`, {
    method: "POST",
    body: { age, answers: given },
  });
}
