import { measureDefinition } from "../../../src/shared/measures/library.ts";
import { allQuestions } from "../../../src/shared/measures/questions.ts";
import type { MeasureDefinition } from "../../../src/shared/measures/types.ts";
import type { Answers } from "../../../src/shared/scoring/index.ts";

/**
 * Tests answer as a respondent does: by the option label printed on the form. The expected scores
 * then come from the manual's label-to-points table, never from the definition under test.
 */
export function answerByLabel(def: MeasureDefinition, labels: Record<string, string>): Answers {
  const byId = new Map(allQuestions(def).map((q) => [q.id, q]));
  const answers: Record<string, number | string> = {};
  for (const [id, label] of Object.entries(labels)) {
    const option = byId.get(id)?.options?.find((o) => o.label === label);
    if (!option) throw new Error(`${def.id}: question ${id} has no option "${label}"`);
    answers[id] = option.value;
  }
  return answers;
}

/** Question ids q{from}..q{to}. */
export function items(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `q${from + i}`);
}

/** One label for each of the given questions. */
export function every(ids: readonly string[], label: string): Record<string, string> {
  return Object.fromEntries(ids.map((id) => [id, label]));
}

/**
 * Answers q1..qn from item scores, through a label table copied from the reference (index = points).
 * A null score leaves the item unanswered.
 */
export function fromScores(
  labelsByScore: readonly string[],
  scores: ReadonlyArray<number | null>,
): Record<string, string> {
  const out: Record<string, string> = {};
  scores.forEach((score, i) => {
    if (score !== null) out[`q${i + 1}`] = labelsByScore[score];
  });
  return out;
}

export function libraryMeasure(id: string): MeasureDefinition {
  const def = measureDefinition(id);
  if (!def) throw new Error(`No measure ${id} in the library`);
  return def;
}
