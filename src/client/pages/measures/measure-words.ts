import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";
import type { LibraryDetail } from "./measure-api.ts";
import { operatorWords } from "./operator-words.ts";

type Page = LibraryDetail["pages"][number];
type LibraryQuestion = Page["questions"][number];
type Reference = LibraryDetail["references"][number];
type Scoring = NonNullable<LibraryDetail["scoring"]>;
type Alert = LibraryDetail["alerts"][number];
type AnswerValue = string | number;

const LICENSE_STATUS = new Map(
  enumOptions(schemaById(defaultBundle, "enums/license-status.json")).map((o) => [o.value, o.label]),
);

/** "Public domain", "Free for non-commercial use" (enums/license-status.json). */
export function licenseStatusLabel(status: string): string {
  return LICENSE_STATUS.get(status) ?? "Licence terms not classified";
}

/** A definition version with its word: "Definition version 1.0.0". */
export function definitionVersionLabel(version: string): string {
  return `Definition version ${version}`;
}

export function isAnswerable(q: Pick<LibraryQuestion, "type">): boolean {
  return q.type !== "prompt" && q.type !== "title";
}

/**
 * The questions of a measure as a respondent sees them numbered: 1, 2, 3 ... over answerable
 * questions, in page order. Question ids (q1, q10, b_intrusion ...) are the definition's keys,
 * never words for a reader.
 */
export function questionNumbers(measure: Pick<LibraryDetail, "pages">): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const page of measure.pages) {
    for (const q of page.questions) if (isAnswerable(q)) numbers.set(q.id, numbers.size + 1);
  }
  return numbers;
}

function questionById(measure: Pick<LibraryDetail, "pages">, id: string): LibraryQuestion | undefined {
  for (const page of measure.pages) {
    const found = page.questions.find((q) => q.id === id);
    if (found) return found;
  }
  return undefined;
}

/** "question 9", or "a question" when the id is not one of the measure's. */
export function questionWord(numbers: Map<string, number>, id: string): string {
  const n = numbers.get(id);
  return n === undefined ? "a question" : `question ${n}`;
}

/** Sorted question numbers as runs: [1,2,3,5] → "questions 1–3 and 5". */
export function questionList(numbers: Map<string, number>, ids: readonly string[]): string {
  const sorted = ids
    .map((id) => numbers.get(id))
    .filter((n): n is number => n !== undefined)
    .sort((a, b) => a - b);
  if (sorted.length === 0) return "no questions";
  if (sorted.length === 1) return `question ${sorted[0]}`;
  const runs: string[] = [];
  let start = sorted[0];
  let previous = sorted[0];
  for (const n of [...sorted.slice(1), Number.NaN]) {
    if (n === previous + 1) {
      previous = n;
      continue;
    }
    runs.push(
      start === previous ? `${start}` : previous === start + 1 ? `${start} and ${previous}` : `${start}–${previous}`,
    );
    start = n;
    previous = n;
  }
  const text = runs.length === 1 ? runs[0] : `${runs.slice(0, -1).join(", ")} and ${runs[runs.length - 1]}`;
  return `questions ${text}`;
}

/** An answer value as the option label the respondent saw. */
export function answerWords(measure: Pick<LibraryDetail, "pages">, questionId: string, values: readonly AnswerValue[]) {
  const options = questionById(measure, questionId)?.options ?? [];
  return values
    .map((v) => {
      const label = options.find((o) => o.value === v)?.label;
      return label ? `“${label}”` : String(v);
    })
    .join(" or ");
}

/** The scoring rule in sentences: how the total is made, its range, direction and missing answers. */
export function scoringSentences(measure: Pick<LibraryDetail, "pages">, scoring: Scoring): string[] {
  const numbers = questionNumbers(measure);
  const how = scoring.method === "mean" ? "the average of the scores of" : "the sum of the scores of";
  const sentences = [
    `The total is ${how} ${questionList(numbers, scoring.items)}; it ranges from ${scoring.range.min} to ${scoring.range.max}.`,
    scoring.higherIsBetter
      ? "Higher scores are better."
      : "Lower scores are better; higher scores mean more severe symptoms.",
  ];
  const outside = [...numbers.keys()].filter((id) => !scoring.items.includes(id));
  if (outside.length)
    sentences.push(
      `${capitalise(questionList(numbers, outside))} ${outside.length === 1 ? "is" : "are"} not part of the total.`,
    );
  const { maxMissing, treatment } = scoring.missing;
  if (maxMissing === 0) {
    sentences.push("Every question of the total must be answered; a session with one left out is not scored.");
  } else {
    const how =
      treatment === "prorate"
        ? "the total is scaled up from the answered questions"
        : treatment === "zero"
          ? "each missing answer counts as 0"
          : "the total is kept as it is";
    sentences.push(
      `Up to ${maxMissing} ${maxMissing === 1 ? "question" : "questions"} of the total may be left out; ${how}.`,
    );
  }
  return sentences;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Reliable change explained, not "RCI 6". */
export function reliableChangeSentence(rci: LibraryDetail["rci"], higherIsBetter: boolean): string {
  if (!rci)
    return "No reliable change threshold is set for this measure, so change between sessions is shown without a verdict.";
  if (rci.value === null || !rci.verified) {
    return "There is no single agreed threshold for this measure, so change between sessions is shown without a reliable-change verdict.";
  }
  const better = higherIsBetter ? "rise" : "fall";
  const worse = higherIsBetter ? "fall" : "rise";
  const points = `${rci.value} ${rci.value === 1 ? "point" : "points"}`;
  return `A change of ${points} or more between two sessions is larger than measurement error alone would explain: a ${better} of ${points} or more is shown as reliable improvement, a ${worse} of ${points} or more as reliable deterioration.`;
}

/** An alert rule as a sentence: "Raised when question 9 scores above 0." */
export function alertCondition(measure: Pick<LibraryDetail, "pages" | "scoring">, rule: Alert): string {
  const numbers = questionNumbers(measure);
  const subject = rule.questionId
    ? `${questionWord(numbers, rule.questionId)} scores`
    : rule.scale === "total" || !rule.scale
      ? "the total score is"
      : `the ${scaleLabel(measure.scoring, rule.scale)} score is`;
  return `Raised when ${subject} ${operatorWords(rule.operator)} ${rule.value}.`;
}

function scaleLabel(scoring: Scoring | null, id: string): string {
  const scale = [...(scoring?.subscales ?? []), ...(scoring?.derived ?? [])].find((s) => s.id === id);
  return scale ? scale.label.toLowerCase() : "scale";
}

/** A published reference as a citation: authors. Title. Journal. Year;volume(issue):pages. */
export function citation(ref: Reference): string {
  let where = `${ref.year}`;
  if (ref.volume) where += `;${ref.volume}`;
  if (ref.issue) where += `(${ref.issue})`;
  if (ref.pages) where += `:${ref.pages}`;
  const title = /[.?!]$/.test(ref.title) ? ref.title : `${ref.title}.`;
  return `${ref.authors}. ${title} ${ref.journal}. ${where}.`;
}
