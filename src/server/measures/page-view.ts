import type { PageView } from "../../shared/api/questionnaire-pages.ts";
import { isAnswerable } from "../../shared/measures/questions.ts";
import type { MeasureDefinition, MeasurePage } from "../../shared/measures/types.ts";
import { type Answers, visibleQuestions } from "../../shared/scoring/index.ts";

export function findPage(def: MeasureDefinition, pageId: string): MeasurePage | undefined {
  return def.pages.find((p) => p.id === pageId);
}

/** Question numbers as a respondent reads them: answerable questions counted across pages. */
export function questionNumbers(def: MeasureDefinition): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const q of def.pages.flatMap((p) => p.questions)) if (isAnswerable(q)) numbers.set(q.id, numbers.size + 1);
  return numbers;
}

/** Ids of every question branching hides given these answers. */
export function hiddenQuestionIds(def: MeasureDefinition, answers: Answers): string[] {
  const visible = new Set(visibleQuestions(def, answers).map((q) => q.id));
  return def.pages.flatMap((p) => p.questions.map((q) => q.id)).filter((id) => !visible.has(id));
}

/** A page of a measure with the answers so far, its visibility decided by the shared engine. */
export function pageView(def: MeasureDefinition, page: MeasurePage, answers: Answers): PageView {
  const index = def.pages.indexOf(page);
  const hidden = new Set(hiddenQuestionIds(def, answers));
  const numbers = questionNumbers(def);
  return {
    pageId: page.id,
    index,
    pageCount: def.pages.length,
    heading: page.heading ?? null,
    prompt: page.prompt ?? null,
    previousPageId: def.pages[index - 1]?.id ?? null,
    nextPageId: def.pages[index + 1]?.id ?? null,
    questions: page.questions.map((q) => ({
      id: q.id,
      number: numbers.get(q.id) ?? null,
      type: q.type,
      text: q.text,
      required: q.required && !q.readOnly,
      readOnly: q.readOnly ?? false,
      options: q.options?.map((o) => ({ value: o.value, label: o.label, score: o.score })) ?? null,
      min: q.min ?? null,
      max: q.max ?? null,
      integer: q.integer ?? false,
      parent: q.parent ?? null,
      showPrompt: q.showPrompt ?? null,
      hidePrompt: q.hidePrompt ?? null,
      showNext: q.showNext ?? null,
      showIf: q.showIf ?? null,
      value: answers[q.id] ?? null,
      hidden: hidden.has(q.id),
    })),
  };
}
