import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../api/api-error.ts";
import { api } from "../../api/http.ts";
import type { AnswerValue, PageView } from "./questions/question-types.ts";

/** One measure a respondent may answer now (GET /api/questionnaires/session). */
export interface AvailableMeasure {
  clientMeasureId: number;
  measureId: number;
  measure_id: string;
  abbreviation: string;
  short_name: string | null;
  name: string;
  status: "not_started" | "partial";
  due_date: string;
  firstPageId: string;
  resumePageId: string;
  answeredCount: number;
  questionCount: number;
  lastSeq: number;
}

/** The measures of one respondent link: the respondent's own chart, or a child's for a parent. */
export interface RespondentGroup {
  ccauId: number;
  ccaId: number;
  relation_id: number;
  self: boolean;
  patient: { first_name: string; last_name: string; full_name: string };
  measures: AvailableMeasure[];
}

export interface AvailableSessions {
  groups: RespondentGroup[];
  totalRecords: number;
}

export interface SessionMeasure {
  id: number;
  measure_id: string;
  version: string;
  abbreviation: string;
  short_name: string | null;
  name: string;
  instructions: string | null;
  recall_period: string | null;
  questionCount: number;
}

/** GET /api/questionnaires/:clientMeasureId/page/:pageId: a page with the answers so far. */
export interface SessionPage extends PageView {
  clientMeasureId: number;
  status: "not_started" | "partial" | "submitted" | "disabled";
  editable: boolean;
  expired: boolean;
  due_date: string;
  lastSeq: number;
  answeredCount: number;
  measure: SessionMeasure;
}

export interface AnswerSaved {
  questionId: string;
  /** False when the server already held a newer answer (a higher seq): this one was stale. */
  applied: boolean;
  value: AnswerValue | null;
  seq: number;
  lastSeq: number;
  answeredCount: number;
  hiddenQuestionIds: string[];
}

export interface PageSaveBody {
  pageId: string;
  questionAnswers: { questionId: string; value: AnswerValue | null; seq: number }[];
  completed: boolean;
  last_answered_question?: string | null;
}

export interface PageSaved {
  clientMeasureId: number;
  status: string;
  lastSeq?: number;
  answeredCount?: number;
  hiddenQuestionIds?: string[];
  nextPageId?: string | null;
  completed_at?: string;
}

export const sessionKeys = {
  all: ["respondent-sessions"] as const,
  available: ["respondent-sessions", "available"] as const,
  page: (clientMeasureId: string, pageId: string) => ["respondent-sessions", "page", clientMeasureId, pageId] as const,
};

/** The server's word that the privacy agreement comes first (docs/api/measures.md). */
export function isAgreementRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === "hippa_agreement_required";
}

export function useAvailableSessions() {
  return useQuery({
    queryKey: sessionKeys.available,
    queryFn: ({ signal }) => api<AvailableSessions>("questionnaires/session", { signal }),
    // Always asked afresh: a measure answered on another device must not be offered again.
    staleTime: 0,
    meta: { errorToast: false },
  });
}

export function useSessionPage(clientMeasureId: string, pageId: string) {
  return useQuery({
    queryKey: sessionKeys.page(clientMeasureId, pageId),
    queryFn: ({ signal }) =>
      api<SessionPage>(`questionnaires/${encodeURIComponent(clientMeasureId)}/page/${encodeURIComponent(pageId)}`, {
        signal,
      }),
    // Answers given on another device since must show: never served from the cache.
    staleTime: 0,
    gcTime: 0,
    meta: { errorToast: false },
  });
}

export interface AnswerSaveRequest {
  clientMeasureId: number;
  pageId: string;
  questionId: string;
  value: AnswerValue | null;
  seq: number;
  signal: AbortSignal;
}

export function saveAnswer(request: AnswerSaveRequest): Promise<AnswerSaved> {
  const { clientMeasureId, pageId, questionId, value, seq, signal } = request;
  return api<AnswerSaved>(
    `questionnaires/${clientMeasureId}/page/${encodeURIComponent(pageId)}/question/${encodeURIComponent(questionId)}`,
    { method: "PUT", body: { value, seq }, signal },
  );
}

export function savePage(clientMeasureId: number, body: PageSaveBody): Promise<PageSaved> {
  return api<PageSaved>(`questionnaires/${clientMeasureId}`, { method: "PUT", body });
}

export function acceptAgreement(): Promise<{ hippaAgreement: true; acceptedAt: string }> {
  return api("questionnaires/hippa-agreement", { method: "POST", body: { hippaAgreement: true } });
}
