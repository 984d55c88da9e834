import { isAnswerable } from "../measures/questions.ts";
import type { MeasureDefinition } from "../measures/types.ts";
import { isAnswered } from "./answers.ts";
import type { Answers } from "./types.ts";
import { resolveVisibility } from "./visibility.ts";

/**
 * The page a respondent resumes on: the first page holding a shown question they have not
 * answered yet, so coming back never lands on a finished page; when every shown question is
 * answered, the last page, where they submit. Branching decides what is shown (visibility.ts).
 */
export function resumePageId(def: MeasureDefinition, answers: Answers): string {
  const { visible } = resolveVisibility(def, answers);
  const open = new Set(visible.filter((q) => isAnswerable(q) && !isAnswered(answers[q.id])).map((q) => q.id));
  const page = def.pages.find((p) => p.questions.some((q) => open.has(q.id)));
  return (page ?? def.pages[def.pages.length - 1]).id;
}
