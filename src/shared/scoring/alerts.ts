import { questionsById } from "../measures/questions.ts";
import type { MeasureDefinition } from "../measures/types.ts";
import { answerScore, compare, isAnswered, isValidAnswer } from "./answers.ts";
import type { Answers, RaisedAlert } from "./types.ts";

/**
 * Item alerts (for example PHQ-9 item 9 above 0) fire whenever the item holds a valid answer that
 * meets the rule: in a partial session, in one that cannot be scored, and even when branching
 * later hid the item. A risk answer a respondent gave must reach a clinician; a false alarm costs
 * a review, a missed one can cost a life.
 */
export function itemAlerts(def: MeasureDefinition, answers: Answers): RaisedAlert[] {
  const byId = questionsById(def);
  const raised: RaisedAlert[] = [];
  for (const rule of def.alerts) {
    if (!rule.questionId) continue;
    const question = byId.get(rule.questionId);
    const value = answers[rule.questionId];
    if (!question || !isAnswered(value) || !isValidAnswer(question, value)) continue;
    const score = answerScore(question, value);
    if (score !== null && compare(score, rule.operator, rule.value)) {
      raised.push({ id: rule.id, message: rule.message, level: rule.level, questionId: rule.questionId });
    }
  }
  return raised;
}

/** Scale alerts (total, subscale or derived score) need a score, so only a scorable session raises them. */
export function scaleAlerts(def: MeasureDefinition, scales: ReadonlyMap<string, number>): RaisedAlert[] {
  const raised: RaisedAlert[] = [];
  for (const rule of def.alerts) {
    if (!rule.scale) continue;
    const score = scales.get(rule.scale);
    if (score !== undefined && compare(score, rule.operator, rule.value)) {
      raised.push({ id: rule.id, message: rule.message, level: rule.level, scale: rule.scale });
    }
  }
  return raised;
}
