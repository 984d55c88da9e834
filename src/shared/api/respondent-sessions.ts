import type { MeasureSessionStatus } from "../../../generated/types/enums/measure-session-status.ts";
import type { AnswerValue } from "../scoring/types.ts";
import type { PageView } from "./questionnaire-pages.ts";

/** One measure a respondent may answer now. */
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
  /** Where to carry on: the page of the last answered question, else the first page. */
  resumePageId: string;
  answeredCount: number;
  questionCount: number;
  /** Highest save number stored: a device resuming the session counts on from here. */
  lastSeq: number;
}

/** The measures of one respondent link: the respondent's own chart, or a child's for a parent. */
export interface RespondentGroup {
  ccauId: number;
  ccaId: number;
  relation_id: number;
  /** True on the respondent's own chart (relation 1); a parent's children are further groups. */
  self: boolean;
  patient: { first_name: string; last_name: string; full_name: string };
  measures: AvailableMeasure[];
}

/** GET /api/questionnaires/session: what a respondent can answer now, grouped per respondent link. */
export interface AvailableSessions {
  groups: RespondentGroup[];
  totalRecords: number;
}

/** The measure part of a questionnaire page. */
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
  status: MeasureSessionStatus;
  editable: boolean;
  expired: boolean;
  due_date: string;
  lastSeq: number;
  answeredCount: number;
  measure: SessionMeasure;
}

/** One stored answer save. */
export interface SavedAnswer {
  questionId: string;
  /** False when a newer save (higher seq) of the question was already stored: this one is ignored. */
  applied: boolean;
  value: AnswerValue | null;
  seq: number;
}

/** PUT /api/questionnaires/:clientMeasureId/page/:pageId/question/:questionId: one answer saved. */
export interface AnswerSaved extends SavedAnswer {
  status: "partial";
  lastSeq: number;
  answeredCount: number;
  hiddenQuestionIds: string[];
}

/**
 * PUT (or POST) /api/questionnaires/:clientMeasureId: a page saved, or submitted when `completed`
 * was asked (then only completed_at follows; the progress fields come with a save alone).
 */
export interface PageSaved {
  clientMeasureId: number;
  status: MeasureSessionStatus;
  saved: SavedAnswer[];
  lastSeq?: number;
  answeredCount?: number;
  hiddenQuestionIds?: string[];
  nextPageId?: string | null;
  completed_at?: string;
}
