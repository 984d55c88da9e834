import type { PageView, QuestionOption, QuestionView } from "../../../shared/api/questionnaire-pages.ts";
import type { QuestionType } from "../../../shared/measures/types.ts";
import type { AnswerValue } from "../../../shared/scoring/index.ts";

export type { AnswerValue, PageView, QuestionOption, QuestionType, QuestionView };

/** Answers by question id as the page holds them while the respondent works; null is "not answered". */
export type AnswerMap = Readonly<Record<string, AnswerValue | null>>;

/** Prompts and titles are read, never answered. */
export function isAnswerableType(type: QuestionType): boolean {
  return type !== "prompt" && type !== "title";
}
