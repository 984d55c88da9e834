import { isAnswerable } from "../measures/questions.ts";
import type { MeasureDefinition, Question } from "../measures/types.ts";
import { isAnswered } from "./answers.ts";
import type { Answers } from "./types.ts";
import { visibleQuestions } from "./visibility.ts";

/** Of the visible questions, the required ones left unanswered (read-only ones cannot be answered). */
export function unansweredRequired(visible: readonly Question[], answers: Answers): string[] {
  return visible
    .filter((q) => q.required && !q.readOnly && isAnswerable(q) && !isAnswered(answers[q.id]))
    .map((q) => q.id);
}

/**
 * Ids of visible required questions left unanswered, in page order. A measure with any cannot be
 * scored (spec §8). Hidden questions are never required.
 */
export function missingRequired(def: MeasureDefinition, answers: Answers): string[] {
  return unansweredRequired(visibleQuestions(def, answers), answers);
}
