import { useQuery } from "@tanstack/react-query";
import type {
  AnswerSaved,
  AvailableSessions,
  PageSaved,
  SessionPage,
} from "../../../shared/api/respondent-sessions.ts";
import { ApiError } from "../../api/api-error.ts";
import { api } from "../../api/http.ts";
import type { AnswerValue } from "../../renderers/questions/question-types.ts";

export type {
  AnswerSaved,
  AvailableMeasure,
  AvailableSessions,
  PageSaved,
  RespondentGroup,
  SessionMeasure,
  SessionPage,
} from "../../../shared/api/respondent-sessions.ts";

export interface PageSaveBody {
  pageId: string;
  questionAnswers: { questionId: string; value: AnswerValue | null; seq: number }[];
  completed: boolean;
  last_answered_question?: string | null;
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
