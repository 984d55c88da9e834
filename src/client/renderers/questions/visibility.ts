import type { MeasureDefinition, Question } from "../../../shared/measures/types.ts";
import { type Answers, visibleQuestions } from "../../../shared/scoring/index.ts";
import type { AnswerMap, PageView, QuestionView } from "./question-types.ts";

/**
 * The page's question as the shared engine reads a definition's question. Absent fields must be
 * absent, not null: the engine tests `min === undefined`, and null would compare as 0.
 */
function asDefinitionQuestion(q: QuestionView): Question {
  const question: Record<string, unknown> = { id: q.id, type: q.type, text: q.text, required: q.required };
  if (q.readOnly) question.readOnly = true;
  if (q.options) question.options = q.options;
  if (q.min !== null) question.min = q.min;
  if (q.max !== null) question.max = q.max;
  if (q.integer) question.integer = true;
  if (q.parent) question.parent = q.parent;
  if (q.showPrompt) question.showPrompt = q.showPrompt;
  if (q.hidePrompt) question.hidePrompt = q.hidePrompt;
  if (q.showNext) question.showNext = q.showNext;
  if (q.showIf) question.showIf = q.showIf;
  return question as unknown as Question;
}

/** The pages as the part of a definition the shared engine's branching and required checks read. */
export function pagesAsDefinition(pages: readonly PageView[]): MeasureDefinition {
  return {
    pages: pages.map((p) => ({ id: p.pageId, questions: p.questions.map(asDefinitionQuestion) })),
  } as unknown as MeasureDefinition;
}

/** Question ids a showIf rule reads. */
function conditionIds(condition: NonNullable<QuestionView["showIf"]>): string[] {
  const rules = "all" in condition ? condition.all : "any" in condition ? condition.any : [condition];
  return rules.flatMap((rule) => ("sum" in rule ? rule.sum : [rule.question]));
}

/**
 * Questions whose branching reads answers the client does not hold (a question on a page it has
 * not loaded), directly or through a question that does. For those the server's verdict stands;
 * it recomputes it from every stored answer after each save.
 */
function dependsOnUnknown(pages: readonly PageView[]): Set<string> {
  const known = new Set(pages.flatMap((p) => p.questions.map((q) => q.id)));
  const unknown = new Set<string>();
  for (const page of pages) {
    const gatedBy = new Map<number, string>();
    page.questions.forEach((q, index) => {
      const reads = [...(q.parent ? [q.parent] : []), ...(q.showIf ? conditionIds(q.showIf) : [])];
      const gate = gatedBy.get(index);
      if (gate) reads.push(gate);
      if (reads.some((id) => !known.has(id) || unknown.has(id))) unknown.add(q.id);
      if (q.showNext) for (let k = 1; k <= q.showNext.count; k++) gatedBy.set(index + k, q.id);
    });
  }
  return unknown;
}

/**
 * Which questions branching hides, given the answers on screen (spec §3 Measure page: parent,
 * showNext, showPrompt, hidePrompt, showIf). Decided by the shared engine (src/shared/scoring),
 * the same code that scores on the server, so a hidden question on screen is one whose answer
 * the score ignores. `serverHidden` is the server's latest list; it decides for questions that
 * depend on answers outside these pages.
 */
export function hiddenQuestionIds(
  pages: readonly PageView[],
  answers: AnswerMap,
  serverHidden?: ReadonlySet<string>,
): Set<string> {
  const definition = pagesAsDefinition(pages);
  const visible = new Set(visibleQuestions(definition, answers as Answers).map((q) => q.id));
  const external = dependsOnUnknown(pages);
  const hidden = new Set<string>();
  for (const q of pages.flatMap((p) => p.questions)) {
    const isHidden = external.has(q.id) ? (serverHidden ? serverHidden.has(q.id) : q.hidden) : !visible.has(q.id);
    if (isHidden) hidden.add(q.id);
  }
  return hidden;
}
