import type { MeasureDefinition, Question } from "../measures/types.ts";
import { answerIsIn, answerScore, isAnswered, isValidAnswer } from "./answers.ts";
import { type EffectiveAnswer, evaluateCondition, passesTest } from "./conditions.ts";
import type { Answers } from "./types.ts";

/**
 * Branching (spec §3 Measure page: parent, showNext, showPrompt, hidePrompt), decided in page
 * order so a question only ever depends on questions before it:
 * - parent: shown only while the parent is shown and answered; showPrompt lists the parent's
 *   answers that show it, hidePrompt those that hide it (a checkbox parent: any ticked value).
 * - showNext on a question gates the next `count` questions of its page: they are shown only once
 *   it is shown, answered and, when given, its answer passes `when`.
 * - showIf: a rule over earlier answers (for example AUDIT's "items 2 and 3 add up to 0").
 * Answers to hidden questions are ignored by everything after them.
 */
export function resolveVisibility(
  def: MeasureDefinition,
  answers: Answers,
): { visible: Question[]; effective: Map<string, EffectiveAnswer> } {
  const visible: Question[] = [];
  const shown = new Set<string>();
  const effective = new Map<string, EffectiveAnswer>();

  for (const page of def.pages) {
    const closedByGate = new Set<number>();
    page.questions.forEach((question, index) => {
      if (isShown(question, closedByGate.has(index), shown, effective)) {
        shown.add(question.id);
        visible.push(question);
        const value = answers[question.id];
        if (isAnswered(value) && isValidAnswer(question, value)) {
          effective.set(question.id, { value, score: answerScore(question, value) });
        }
      }
      const gate = question.showNext;
      if (gate) {
        const answer = shown.has(question.id) ? effective.get(question.id) : undefined;
        const open = answer !== undefined && (!gate.when || passesTest(answer, gate.when));
        if (!open) for (let k = 1; k <= gate.count; k++) closedByGate.add(index + k);
      }
    });
  }
  return { visible, effective };
}

function isShown(
  question: Question,
  gateClosed: boolean,
  shown: ReadonlySet<string>,
  effective: ReadonlyMap<string, EffectiveAnswer>,
): boolean {
  if (gateClosed) return false;
  if (question.parent) {
    const parentAnswer = shown.has(question.parent) ? effective.get(question.parent) : undefined;
    if (!parentAnswer) return false;
    if (question.showPrompt && !answerIsIn(parentAnswer.value, question.showPrompt)) return false;
    if (question.hidePrompt && answerIsIn(parentAnswer.value, question.hidePrompt)) return false;
  }
  if (question.showIf && !evaluateCondition(question.showIf, effective)) return false;
  return true;
}

/** The questions a respondent sees given the answers so far, in page order. */
export function visibleQuestions(def: MeasureDefinition, answers: Answers): Question[] {
  return resolveVisibility(def, answers).visible;
}

export function isQuestionVisible(def: MeasureDefinition, answers: Answers, questionId: string): boolean {
  return visibleQuestions(def, answers).some((q) => q.id === questionId);
}
