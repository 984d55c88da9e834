import { describe, expect, it } from "vitest";
import type { Question } from "../../../src/shared/measures/types.ts";
import { createDefinitionValidator } from "../../../src/shared/measures/validate-definition.ts";
import { compareSessions, scoreSession } from "../../../src/shared/scoring/index.ts";
import { inlineDefinition, scale } from "./inline-definition.ts";

const validate = createDefinitionValidator();
const item = (id: string, options = scale(5)): Question => ({
  id,
  type: "radio",
  text: `Item ${id}`,
  required: false,
  options,
});

/** Three items scored 0–4, averaged. */
const meanMeasure = (treatment: "prorate" | "zero") =>
  inlineDefinition({
    pages: [{ id: "p1", questions: [item("a"), item("b"), item("c")] }],
    scoring: {
      method: "mean",
      description: "mean of three items",
      items: ["a", "b", "c"],
      range: { min: 0, max: 4 },
      decimals: 2,
      higherIsBetter: false,
      missing: { maxMissing: 1, treatment },
    },
  });

/** Four items scored 0–3, summed, one missing item prorated without rounding, with scale alerts. */
const sumMeasure = inlineDefinition({
  pages: [
    { id: "p1", questions: [item("a", scale(4)), item("b", scale(4)), item("c", scale(4)), item("d", scale(4))] },
  ],
  scoring: {
    method: "sum",
    description: "sum of four items",
    items: ["a", "b", "c", "d"],
    range: { min: 0, max: 12 },
    higherIsBetter: false,
    missing: { maxMissing: 1, treatment: "prorate", rounding: "none" },
    subscales: [{ id: "first_two", label: "Items a and b", items: ["a", "b"], range: { min: 0, max: 6 } }],
  },
  alerts: [
    { id: "high-total", scale: "total", operator: ">=", value: 10, level: "warning", message: "Total of 10 or more" },
    {
      id: "high-first-two",
      scale: "first_two",
      operator: ">=",
      value: 6,
      level: "warning",
      message: "Items a and b at maximum",
    },
    { id: "item-d", questionId: "d", operator: "==", value: 3, level: "critical", message: "Item d at maximum" },
  ],
});

/** A scored number question and a scored checkbox. */
const mixedMeasure = inlineDefinition({
  pages: [
    {
      id: "p1",
      questions: [
        { id: "days", type: "number", text: "Days unwell", required: true, integer: true, min: 0, max: 7 },
        {
          id: "signs",
          type: "checkbox",
          text: "Signs",
          required: true,
          options: [
            { value: "a", label: "A", score: 1 },
            { value: "b", label: "B", score: 2 },
            { value: "c", label: "C", score: 4 },
          ],
        },
        { id: "seen", type: "date", text: "Last seen", required: false },
        { id: "note", type: "text", text: "Note", required: false },
      ],
    },
  ],
  scoring: {
    method: "sum",
    description: "days plus signs",
    items: ["days", "signs"],
    range: { min: 0, max: 14 },
    higherIsBetter: false,
    missing: { maxMissing: 0 },
  },
});

describe("scoring engine", () => {
  it("the engine's test definitions are valid measure definitions", () => {
    for (const def of [meanMeasure("prorate"), meanMeasure("zero"), sumMeasure, mixedMeasure]) {
      expect(validate(def)).toEqual({ ok: true, definition: def });
    }
  });

  it("a mean keeps the decimals asked for; a missing item is left out or counted as 0", () => {
    expect(scoreSession(meanMeasure("prorate"), { a: 1, b: 2, c: 4 }).total).toBe(2.33);
    expect(scoreSession(meanMeasure("prorate"), { a: 1, b: 2 }).total).toBe(1.5);
    expect(scoreSession(meanMeasure("zero"), { a: 1, b: 2 }).total).toBe(1);
    expect(scoreSession(meanMeasure("zero"), { a: 1 })).toMatchObject({ scorable: false, reason: "too-many-missing" });
  });

  it("an unrounded prorated sum scales the answered items up to all of them", () => {
    const result = scoreSession(sumMeasure, { a: 1, b: 2, c: 2 });
    expect(result.total).toBeCloseTo((5 * 4) / 3, 10);
    expect(result.adjustedForMissing).toBe(true);
    // The subscale has both its items, so it is not adjusted.
    expect(result.subscales).toEqual({ first_two: 3 });
  });

  it("a number question adds its value and a checkbox the scores of the ticked options", () => {
    expect(scoreSession(mixedMeasure, { days: 3, signs: ["a", "c"] })).toMatchObject({ scorable: true, total: 8 });
  });

  it.each([
    ["a number above max", { days: 8, signs: ["a"] }, "days"],
    ["a fraction where whole numbers are asked", { days: 2.5, signs: ["a"] }, "days"],
    ["a number sent as text", { days: "3", signs: ["a"] }, "days"],
    ["an option that does not exist", { days: 1, signs: ["z"] }, "signs"],
    ["the same option ticked twice", { days: 1, signs: ["a", "a"] }, "signs"],
    ["a date that is not on the calendar", { days: 1, signs: ["a"], seen: "2023-02-30" }, "seen"],
    ["a number where text is expected", { days: 1, signs: ["a"], note: 5 }, "note"],
  ])("%s is an invalid answer and blocks the score", (_, answers, id) => {
    const result = scoreSession(mixedMeasure, answers);
    expect(result).toMatchObject({ scorable: false, reason: "invalid-answers", invalidAnswers: [id] });
    expect(result.total).toBeUndefined();
  });

  it("a valid date and text are accepted and not scored", () => {
    expect(scoreSession(mixedMeasure, { days: 0, signs: ["b"], seen: "2024-02-29", note: "ok" })).toMatchObject({
      scorable: true,
      total: 2,
      invalidAnswers: [],
    });
  });

  it("scale alerts need a score; item alerts do not", () => {
    const full = scoreSession(sumMeasure, { a: 3, b: 3, c: 2, d: 3 });
    expect(full.alerts.map((a) => a.id)).toEqual(["item-d", "high-total", "high-first-two"]);
    const partial = scoreSession(sumMeasure, { a: 3, b: 3, d: 3 });
    expect(partial.total).toBe(12);
    const tooFew = scoreSession(sumMeasure, { a: 3, d: 3 });
    expect(tooFew.scorable).toBe(false);
    expect(tooFew.alerts).toEqual([{ id: "item-d", message: "Item d at maximum", level: "critical", questionId: "d" }]);
  });

  it("a measure without scoring is never scorable but still raises item alerts", () => {
    const def = inlineDefinition({
      pages: [{ id: "p1", questions: [item("risk")] }],
      alerts: [
        { id: "risk", questionId: "risk", operator: ">", value: 0, level: "critical", message: "Risk answered" },
      ],
    });
    expect(validate(def).ok).toBe(true);
    expect(scoreSession(def, { risk: 2 })).toMatchObject({
      scorable: false,
      reason: "unscored-measure",
      alerts: [{ id: "risk", questionId: "risk" }],
    });
  });

  it("an item alert fires even when branching hid the item after it was answered", () => {
    const def = inlineDefinition({
      pages: [
        {
          id: "p1",
          questions: [
            { ...item("gate"), required: true },
            { ...item("risk"), parent: "gate", hidePrompt: [0] },
          ],
        },
      ],
      alerts: [
        { id: "risk", questionId: "risk", operator: ">", value: 0, level: "critical", message: "Risk answered" },
      ],
    });
    expect(scoreSession(def, { gate: 0, risk: 3 }).alerts.map((a) => a.id)).toEqual(["risk"]);
  });

  it("is pure: frozen answers, the same result every time", () => {
    const answers = Object.freeze({ a: 1, b: 2, c: 2, d: 0 });
    expect(scoreSession(sumMeasure, answers)).toEqual(scoreSession(sumMeasure, answers));
    expect(answers).toEqual({ a: 1, b: 2, c: 2, d: 0 });
  });
});

describe("compareSessions", () => {
  const s = (total: number) => ({ scorable: true, total });

  it("no first or previous session: no comparison", () => {
    expect(compareSessions(sumMeasure, null, null, s(5))).toEqual({ sinceFirst: null, sincePrevious: null });
  });

  it("an unscorable current or earlier session gives no comparison", () => {
    expect(compareSessions(sumMeasure, s(3), s(4), { scorable: false })).toEqual({
      sinceFirst: null,
      sincePrevious: null,
    });
    expect(compareSessions(sumMeasure, s(3), { scorable: false }, s(5)).sincePrevious).toBeNull();
  });

  it("no change is 'unchanged'; decimals do not pick up floating-point noise", () => {
    expect(compareSessions(sumMeasure, s(5), null, s(5)).sinceFirst).toEqual({
      from: 5,
      to: 5,
      change: 0,
      direction: "unchanged",
    });
    expect(compareSessions(meanMeasure("zero"), s(0.1), null, s(0.3)).sinceFirst?.change).toBe(0.2);
  });
});
