import { allQuestions, answerableCount, isAnswerable, isChoice } from "./questions.ts";
import type { Condition, MeasureDefinition, Question, Scoring } from "./types.ts";

/**
 * Rules a JSON Schema cannot state: references that must exist and come earlier, ranges that
 * must follow from the option scores, bands that must tile the range. Each message names the
 * place, so a product owner adding a measure file can fix it without reading code.
 */
export function checkDefinition(def: MeasureDefinition): string[] {
  const errors: string[] = [];
  const questions = allQuestions(def);
  const order = new Map<string, number>();
  questions.forEach((q, i) => {
    if (order.has(q.id)) errors.push(`question ${q.id}: id used twice`);
    order.set(q.id, i);
  });
  const pageIds = def.pages.map((p) => p.id);
  if (new Set(pageIds).size !== pageIds.length) errors.push("pages: a page id is used twice");
  const byId = new Map(questions.map((q) => [q.id, q]));

  if (def.questionCount !== answerableCount(def)) {
    errors.push(`questionCount: ${def.questionCount}, but ${answerableCount(def)} questions can be answered`);
  }
  for (const q of questions) errors.push(...checkQuestion(q, order, byId));
  for (const page of def.pages) {
    page.questions.forEach((q, i) => {
      if (q.showNext && i + q.showNext.count >= page.questions.length) {
        errors.push(`question ${q.id}: showNext.count runs past the end of page ${page.id}`);
      }
    });
  }
  errors.push(...checkScoring(def, byId));
  if (def.discontinued?.replacementId === def.id)
    errors.push("discontinued.replacementId: a measure cannot replace itself");
  const { min, max } = def.ageRange;
  if (min !== undefined && max !== undefined && min > max) errors.push("ageRange: min is above max");
  return errors;
}

function checkQuestion(q: Question, order: Map<string, number>, byId: Map<string, Question>): string[] {
  const errors: string[] = [];
  const at = `question ${q.id}`;
  const index = order.get(q.id) ?? 0;
  if (!isAnswerable(q) && q.required) errors.push(`${at}: a ${q.type} cannot be required`);
  if (isChoice(q) && !q.options) errors.push(`${at}: a ${q.type} question needs options`);
  if (!isChoice(q) && q.options) errors.push(`${at}: only radio, likert and checkbox questions have options`);
  if (q.options) {
    const values = q.options.map((o) => o.value);
    if (new Set(values).size !== values.length) errors.push(`${at}: two options share a value`);
  }
  if (q.type === "number" && q.min !== undefined && q.max !== undefined && q.min > q.max) {
    errors.push(`${at}: min is above max`);
  }

  const earlier = (id: string, what: string) => {
    const target = order.get(id);
    if (target === undefined) errors.push(`${at}: ${what} names unknown question ${id}`);
    else if (target >= index) errors.push(`${at}: ${what} must name an earlier question, not ${id}`);
    return target !== undefined && target < index ? byId.get(id) : undefined;
  };
  const knownValues = (target: Question | undefined, values: ReadonlyArray<number | string>, what: string) => {
    if (!target?.options) return;
    const allowed = new Set(target.options.map((o) => o.value));
    for (const v of values)
      if (!allowed.has(v)) errors.push(`${at}: ${what} value ${v} is not an option of ${target.id}`);
  };

  if ((q.showPrompt || q.hidePrompt) && !q.parent) errors.push(`${at}: showPrompt and hidePrompt need a parent`);
  if (q.parent) {
    const parent = earlier(q.parent, "parent");
    knownValues(parent, q.showPrompt ?? [], "showPrompt");
    knownValues(parent, q.hidePrompt ?? [], "hidePrompt");
  }
  if (q.showNext?.when && "in" in q.showNext.when) knownValues(q, q.showNext.when.in, "showNext.when.in");
  if (q.showIf) {
    for (const rule of rulesOf(q.showIf)) {
      if ("sum" in rule) for (const id of rule.sum) earlier(id, "showIf");
      else {
        const target = earlier(rule.question, "showIf");
        if ("in" in rule) knownValues(target, rule.in, "showIf");
      }
    }
  }
  return errors;
}

function rulesOf(condition: Condition) {
  if ("all" in condition) return condition.all;
  if ("any" in condition) return condition.any;
  return [condition];
}

/** Lowest and highest score one question can add, or an error when it cannot be scored. */
export function questionScoreRange(q: Question): { min: number; max: number } | string {
  if (q.type === "number") {
    if (q.min === undefined || q.max === undefined) return "a scored number question needs min and max";
    return { min: q.min, max: q.max };
  }
  if (!isChoice(q) || !q.options) return `a ${q.type} question cannot be scored`;
  const scores = q.options.map((o) => o.score);
  if (scores.some((s) => s === null)) return "every option of a scored question needs a score";
  const nums = scores as number[];
  if (q.type === "checkbox") {
    return {
      min: nums.filter((s) => s < 0).reduce((a, b) => a + b, 0),
      max: nums.filter((s) => s > 0).reduce((a, b) => a + b, 0),
    };
  }
  return { min: Math.min(...nums), max: Math.max(...nums) };
}

function rangeOf(scoring: Scoring, items: readonly string[], ranges: Map<string, { min: number; max: number }>) {
  const parts = items.map((id) => ranges.get(id)).filter((r) => r !== undefined);
  const min = parts.reduce((a, r) => a + r.min, 0);
  const max = parts.reduce((a, r) => a + r.max, 0);
  return scoring.method === "mean" ? { min: min / parts.length, max: max / parts.length } : { min, max };
}

function sameRange(a: { min: number; max: number }, b: { min: number; max: number }) {
  return Math.abs(a.min - b.min) < 1e-9 && Math.abs(a.max - b.max) < 1e-9;
}

function checkScoring(def: MeasureDefinition, byId: Map<string, Question>): string[] {
  const errors: string[] = [];
  const scoring = def.scoring;
  if (!scoring) {
    if (def.bands.length || def.cutoff || def.rci || def.alerts.some((a) => a.scale)) {
      errors.push("scoring: bands, cut-off, reliable change and scale alerts need a scoring section");
    }
    for (const alert of def.alerts) if (alert.questionId) errors.push(...checkItemAlert(alert.questionId, byId));
    return errors;
  }

  const ranges = new Map<string, { min: number; max: number }>();
  for (const id of scoring.items) {
    const q = byId.get(id);
    if (!q) {
      errors.push(`scoring.items: unknown question ${id}`);
      continue;
    }
    const range = questionScoreRange(q);
    if (typeof range === "string") errors.push(`scoring.items: question ${id}: ${range}`);
    else ranges.set(id, range);
  }
  const total = rangeOf(scoring, scoring.items, ranges);
  if (!sameRange(total, scoring.range)) {
    errors.push(
      `scoring.range: ${scoring.range.min}–${scoring.range.max}, but the option scores give ${total.min}–${total.max}`,
    );
  }

  const { maxMissing, treatment, rounding } = scoring.missing;
  if (maxMissing >= scoring.items.length) errors.push("scoring.missing.maxMissing: must be below the number of items");
  if (maxMissing > 0 && !treatment) errors.push("scoring.missing.treatment: say how missing items count");
  if (treatment === "prorate" && scoring.method === "sum" && !rounding) {
    errors.push("scoring.missing.rounding: say whether a prorated sum is rounded");
  }

  const scaleIds = new Set(["total"]);
  for (const sub of scoring.subscales ?? []) {
    if (scaleIds.has(sub.id)) errors.push(`subscale ${sub.id}: id used twice`);
    scaleIds.add(sub.id);
    const outside = sub.items.filter((id) => !scoring.items.includes(id));
    if (outside.length) errors.push(`subscale ${sub.id}: items ${outside.join(", ")} are not in scoring.items`);
    const range = rangeOf(scoring, sub.items, ranges);
    if (!sameRange(range, sub.range)) {
      errors.push(
        `subscale ${sub.id}: range ${sub.range.min}–${sub.range.max}, but its items give ${range.min}–${range.max}`,
      );
    }
  }
  for (const derived of scoring.derived ?? []) {
    if (scaleIds.has(derived.id)) errors.push(`derived ${derived.id}: id used twice`);
    scaleIds.add(derived.id);
    const a = scoring.range.min * derived.multiplier;
    const b = scoring.range.max * derived.multiplier;
    if (!sameRange({ min: Math.min(a, b), max: Math.max(a, b) }, derived.range)) {
      errors.push(`derived ${derived.id}: range does not equal the total's range × ${derived.multiplier}`);
    }
  }

  errors.push(...checkReverseItems(scoring, byId));
  errors.push(...checkBands(def, scoring, byId));

  const cutoff = def.cutoff;
  if (cutoff) {
    if ((cutoff.value === undefined) === (cutoff.bySex === undefined)) {
      errors.push("cutoff: give either value or bySex");
    }
    if (cutoff.bySex && !cutoff.unknownSex)
      errors.push("cutoff.unknownSex: say which threshold applies when sex is unknown");
    if (!cutoff.bySex && cutoff.unknownSex) errors.push("cutoff.unknownSex: only for bySex cut-offs");
    const values = cutoff.bySex ? [cutoff.bySex.male, cutoff.bySex.female] : [cutoff.value ?? 0];
    for (const v of values) {
      if (v < scoring.range.min || v > scoring.range.max) errors.push(`cutoff: ${v} is outside the score range`);
    }
  }
  if (typeof def.rci?.value === "number" && def.rci.value > scoring.range.max - scoring.range.min) {
    errors.push("rci.value: larger than the whole score range");
  }

  const alertIds = new Set<string>();
  for (const alert of def.alerts) {
    if (alertIds.has(alert.id)) errors.push(`alert ${alert.id}: id used twice`);
    alertIds.add(alert.id);
    if (Boolean(alert.questionId) === Boolean(alert.scale))
      errors.push(`alert ${alert.id}: give either questionId or scale`);
    if (alert.questionId) errors.push(...checkItemAlert(alert.questionId, byId).map((e) => `alert ${alert.id}: ${e}`));
    if (alert.scale && !scaleIds.has(alert.scale)) errors.push(`alert ${alert.id}: unknown scale ${alert.scale}`);
  }
  return errors;
}

function checkItemAlert(questionId: string, byId: Map<string, Question>): string[] {
  const q = byId.get(questionId);
  if (!q) return [`unknown question ${questionId}`];
  const range = questionScoreRange(q);
  return typeof range === "string" ? [`question ${questionId}: ${range}, so no alert can test its score`] : [];
}

/**
 * A reverse-scored item writes its scores mirrored (CORE-10 items 2 and 3: "Not at all" = 4 …
 * "Most or all of the time" = 0). When a forward item of the same total has the same labels, the
 * reverse item's scores must be exactly its mirror, which catches a forgotten or doubled reversal.
 */
function checkReverseItems(scoring: Scoring, byId: Map<string, Question>): string[] {
  const errors: string[] = [];
  const items = scoring.items.map((id) => byId.get(id)).filter((q) => q?.options) as Question[];
  const labels = (q: Question) => (q.options ?? []).map((o) => o.label).join("\u0000");
  for (const rev of items.filter((q) => q.reverse)) {
    const forward = items.find((q) => !q.reverse && labels(q) === labels(rev));
    if (!forward) continue;
    const fwd = (forward.options ?? []).map((o) => o.score as number);
    const low = Math.min(...fwd);
    const high = Math.max(...fwd);
    const mirrored = (rev.options ?? []).every((o, i) => o.score === low + high - fwd[i]);
    if (!mirrored) errors.push(`question ${rev.id}: reverse-scored, but its scores do not mirror ${forward.id}'s`);
  }
  return errors;
}

/** Bands go upwards without overlap and cover the score range; on a whole-number scale without gaps. */
function checkBands(def: MeasureDefinition, scoring: Scoring, byId: Map<string, Question>): string[] {
  const errors: string[] = [];
  const bands = def.bands;
  if (!bands.length) return errors;
  const labels = bands.map((b) => b.label);
  if (new Set(labels).size !== labels.length) errors.push("bands: a label is used twice");
  const wholeNumbers =
    scoring.method === "sum" &&
    (scoring.missing.treatment !== "prorate" || scoring.missing.rounding === "nearest") &&
    scoring.items.every((id) => givesWholeNumbers(byId.get(id)));
  bands.forEach((band, i) => {
    if (band.min > band.max) errors.push(`bands[${i}] ${band.label}: min is above max`);
    const prev = bands[i - 1];
    if (!prev) return;
    if (band.min <= prev.max) errors.push(`bands[${i}] ${band.label}: overlaps or comes before ${prev.label}`);
    else if (wholeNumbers && band.min !== prev.max + 1)
      errors.push(`bands[${i}] ${band.label}: leaves a gap after ${prev.label}`);
  });
  if (bands[0].min !== scoring.range.min || bands[bands.length - 1].max !== scoring.range.max) {
    errors.push(`bands: must cover the score range ${scoring.range.min}–${scoring.range.max}`);
  }
  return errors;
}

function givesWholeNumbers(q: Question | undefined): boolean {
  if (!q) return false;
  if (q.type === "number") return q.integer === true;
  return (q.options ?? []).every((o) => Number.isInteger(o.score));
}
