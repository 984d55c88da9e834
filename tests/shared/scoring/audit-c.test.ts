import { describe, expect, it } from "vitest";
import { scoreSession } from "../../../src/shared/scoring/index.ts";
import { answerByLabel, libraryMeasure } from "./answer-by-label.ts";

/**
 * AUDIT-C (reference: measures.json AUDIT-C). Item 1: Never 0 … 4 or more times a week 4; item 2:
 * 0, 1, or 2 = 0 … 10 or more = 4; item 3: Never 0 … Daily or almost daily 4. Sum 0–12; no missing
 * item allowed. Cut-off male >= 4, female >= 3. Sex unknown: the more sensitive 3 (our choice,
 * documented in the definition and thresholds.ts).
 */
const def = libraryMeasure("audit-c");
const Q1 = ["Never", "Monthly or less", "2 to 4 times a month", "2 to 3 times a week", "4 or more times a week"];
const Q2 = ["0, 1, or 2", "3 or 4", "5 or 6", "7, 8, or 9", "10 or more"];
const Q3 = ["Never", "Less than monthly", "Monthly", "Weekly", "Daily or almost daily"];
const answers = (a: number, b: number | null, c: number) =>
  answerByLabel(def, { q1: Q1[a], ...(b === null ? {} : { q2: Q2[b] }), q3: Q3[c] });

describe("AUDIT-C scoring", () => {
  it("all lowest answers score 0; all highest score the maximum 12", () => {
    expect(scoreSession(def, answers(0, 0, 0), { gender: "f" })).toMatchObject({
      scorable: true,
      total: 0,
      cutoffCrossed: false,
    });
    expect(scoreSession(def, answers(4, 4, 4), { gender: "m" })).toMatchObject({
      scorable: true,
      total: 12,
      cutoffCrossed: true,
    });
  });

  it("3 is positive for a woman, not for a man", () => {
    expect(scoreSession(def, answers(2, 1, 0), { gender: "f" })).toMatchObject({
      total: 3,
      cutoffCrossed: true,
      cutoff: { value: 3, direction: ">=", basis: "female" },
    });
    expect(scoreSession(def, answers(2, 1, 0), { gender: "m" })).toMatchObject({
      total: 3,
      cutoffCrossed: false,
      cutoff: { value: 4, basis: "male" },
    });
  });

  it("4 is positive for a man", () => {
    expect(scoreSession(def, answers(2, 1, 1), { gender: "m" })).toMatchObject({ total: 4, cutoffCrossed: true });
  });

  it.each([["u"], ["o"], ["n"], [null], [undefined]] as const)(
    "with gender at birth %s the more sensitive threshold 3 applies",
    (gender) => {
      expect(scoreSession(def, answers(2, 1, 0), { gender })).toMatchObject({
        total: 3,
        cutoffCrossed: true,
        cutoff: { value: 3, basis: "sex unknown: most sensitive" },
      });
      expect(scoreSession(def, answers(1, 1, 0), { gender })).toMatchObject({ total: 2, cutoffCrossed: false });
    },
  );

  it("a skipped item means no score (maxMissing 0)", () => {
    expect(scoreSession(def, answers(4, null, 4))).toMatchObject({ scorable: false, missingRequired: ["q2"] });
  });
});
