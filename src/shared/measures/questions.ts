import type { MeasureDefinition, Question, QuestionType } from "./types.ts";

/** Question types that only display text; nobody answers them. */
const DISPLAY_TYPES: ReadonlySet<QuestionType> = new Set(["prompt", "title"]);
/** Question types answered by picking from options. */
const CHOICE_TYPES: ReadonlySet<QuestionType> = new Set(["radio", "likert", "checkbox"]);

export function isAnswerable(question: Question): boolean {
  return !DISPLAY_TYPES.has(question.type);
}

export function isChoice(question: Question): boolean {
  return CHOICE_TYPES.has(question.type);
}

/** Every question of every page, in the order a respondent meets them. */
export function allQuestions(def: MeasureDefinition): Question[] {
  return def.pages.flatMap((page) => page.questions);
}

export function questionsById(def: MeasureDefinition): Map<string, Question> {
  return new Map(allQuestions(def).map((q) => [q.id, q]));
}

/** Number of questions a respondent can answer: the measure's question count. */
export function answerableCount(def: MeasureDefinition): number {
  return allQuestions(def).filter(isAnswerable).length;
}
