import type { Question } from "../measures/types.ts";
import type { AnswerValue } from "../scoring/types.ts";

/** One option of a choice question, as a page shows it. */
export interface QuestionOption {
  value: number | string;
  label: string;
  score: number | null;
}

/**
 * One question as a questionnaire or preview page shows it (src/server/measures/page-view.ts):
 * the definition's fields with null for absent ones, the saved answer and the server's verdict
 * on branching given the answers it holds.
 */
export interface QuestionView {
  id: string;
  /** 1-based position among the measure's answerable questions; null for prompts and titles. */
  number: number | null;
  type: Question["type"];
  text: string;
  required: boolean;
  readOnly: boolean;
  options: QuestionOption[] | null;
  min: number | null;
  max: number | null;
  integer: boolean;
  /** Branching fields (spec §3 Measure page), so a client can re-evaluate them as answers change. */
  parent: string | null;
  showPrompt: (number | string)[] | null;
  hidePrompt: (number | string)[] | null;
  showNext: Question["showNext"] | null;
  showIf: Question["showIf"] | null;
  value: AnswerValue | null;
  /** Hidden by branching given the answers so far: not shown, not required, not counted. */
  hidden: boolean;
}

/**
 * One page of a measure with the answers so far: GET /api/questionnaires-audition/:measureId/page/:pageId,
 * the pages of POST .../start, and the page part of GET /api/questionnaires/:clientMeasureId/page/:pageId.
 */
export interface PageView {
  pageId: string;
  index: number;
  pageCount: number;
  heading: string | null;
  prompt: string | null;
  previousPageId: string | null;
  nextPageId: string | null;
  questions: QuestionView[];
}
