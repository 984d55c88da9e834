import type { AnswerTest, Condition, Rule } from "../measures/types.ts";
import { answerIsIn, compare } from "./answers.ts";
import type { AnswerValue } from "./types.ts";

/** An answer as branching sees it: only answers to visible questions, with valid values, count. */
export interface EffectiveAnswer {
  value: AnswerValue;
  score: number | null;
}

export type EffectiveAnswers = ReadonlyMap<string, EffectiveAnswer>;

/** Tests one answer (showNext.when). An unanswered question passes no test. */
export function passesTest(answer: EffectiveAnswer | undefined, test: AnswerTest): boolean {
  if (!answer) return false;
  if ("in" in test) return answerIsIn(answer.value, test.in);
  return answer.score !== null && compare(answer.score, test.operator, test.score);
}

function holds(rule: Rule, answers: EffectiveAnswers): boolean {
  if ("sum" in rule) {
    // Hidden or unanswered items add nothing, as a skipped item scores 0 (AUDIT's skip rule).
    const sum = rule.sum.reduce((total, id) => total + (answers.get(id)?.score ?? 0), 0);
    return compare(sum, rule.operator, rule.score);
  }
  const answer = answers.get(rule.question);
  if ("answered" in rule) return rule.answered === (answer !== undefined);
  return passesTest(answer, rule);
}

export function evaluateCondition(condition: Condition, answers: EffectiveAnswers): boolean {
  if ("all" in condition) return condition.all.every((rule) => holds(rule, answers));
  if ("any" in condition) return condition.any.some((rule) => holds(rule, answers));
  return holds(condition, answers);
}
