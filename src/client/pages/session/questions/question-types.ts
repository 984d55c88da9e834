import type { Question, QuestionType } from "../../../../shared/measures/types.ts";
import type { AnswerValue } from "../../../../shared/scoring/index.ts";

export type { AnswerValue, QuestionType };

export interface QuestionOption {
  value: number | string;
  label: string;
  score: number | null;
}

/**
 * One question as the questionnaire and preview pages answer it (docs/api/measures.md `Page`):
 * the definition's fields with null for absent ones, the saved answer and the server's verdict
 * on branching given the answers it holds.
 */
export interface QuestionView {
  id: string;
  /** 1-based among the measure's answerable questions; null for prompts and titles. */
  number: number | null;
  type: QuestionType;
  text: string;
  required: boolean;
  readOnly: boolean;
  options: QuestionOption[] | null;
  min: number | null;
  max: number | null;
  integer: boolean;
  parent: string | null;
  showPrompt: (number | string)[] | null;
  hidePrompt: (number | string)[] | null;
  showNext: Question["showNext"] | null;
  showIf: Question["showIf"] | null;
  value: AnswerValue | null;
  hidden: boolean;
}

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

/** Answers by question id as the page holds them while the respondent works; null is "not answered". */
export type AnswerMap = Readonly<Record<string, AnswerValue | null>>;

/** Prompts and titles are read, never answered. */
export function isAnswerableType(type: QuestionType): boolean {
  return type !== "prompt" && type !== "title";
}
