import { isAnswerable, isChoice } from "../measures/questions.ts";
import type { Operator, Question } from "../measures/types.ts";
import type { AnswerValue } from "./types.ts";

/** Not answered: absent, null, blank text or nothing ticked. */
export function isAnswered(value: AnswerValue | null | undefined): value is AnswerValue {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * Whether an answered value is one the question accepts. A value that is not one of the
 * question's options must never be scored as if it were (a stale or tampered answer).
 */
export function isValidAnswer(question: Question, value: AnswerValue): boolean {
  if (!isAnswerable(question)) return false;
  if (isChoice(question)) {
    const allowed = new Set((question.options ?? []).map((o) => o.value));
    if (question.type === "checkbox") {
      return Array.isArray(value) && new Set(value).size === value.length && value.every((v) => allowed.has(v));
    }
    return !Array.isArray(value) && allowed.has(value as number | string);
  }
  switch (question.type) {
    case "number":
      return (
        typeof value === "number" &&
        Number.isFinite(value) &&
        (!question.integer || Number.isInteger(value)) &&
        (question.min === undefined || value >= question.min) &&
        (question.max === undefined || value <= question.max)
      );
    case "date":
      return typeof value === "string" && isCalendarDate(value);
    default:
      return typeof value === "string";
  }
}

/**
 * Points a valid answer adds: the chosen option's score, the sum of ticked options' scores, or
 * the number itself. Null when the question carries no score (text, dates, unscored options).
 */
export function answerScore(question: Question, value: AnswerValue): number | null {
  if (question.type === "number") return value as number;
  if (!isChoice(question)) return null;
  const scoreOf = new Map((question.options ?? []).map((o) => [o.value, o.score]));
  const picked = Array.isArray(value) ? value : [value as number | string];
  const scores = picked.map((v) => scoreOf.get(v) ?? null);
  if (scores.some((s) => s === null)) return null;
  return (scores as number[]).reduce((a, b) => a + b, 0);
}

/** Whether the answer's value is one of the listed values (a checkbox: any ticked one). */
export function answerIsIn(value: AnswerValue, list: ReadonlyArray<number | string>): boolean {
  const picked = Array.isArray(value) ? value : [value as number | string];
  return picked.some((v) => list.includes(v));
}

export function compare(left: number, operator: Operator, right: number): boolean {
  switch (operator) {
    case ">":
      return left > right;
    case ">=":
      return left >= right;
    case "<":
      return left < right;
    case "<=":
      return left <= right;
    case "==":
      return left === right;
    case "!=":
      return left !== right;
  }
}
