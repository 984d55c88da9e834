import { describe, expect, it } from "vitest";
import { scoreSession } from "../../../src/shared/scoring/index.ts";
import { answerByLabel, fromScores, libraryMeasure } from "./answer-by-label.ts";

/**
 * K10 (reference: measures.json K10, PMHC MDS rules). Ten items coded None of the time 1, A little
 * of the time 2, Some of the time 3, Most of the time 4, All of the time 5; sum 10–50. Bands 10–19
 * Likely well / sub-diagnostic, 20–24 Mild, 25–29 Moderate, 30–50 Severe. One missing item is
 * prorated: round(sum of valid items / 9 × 10); more than one missing: invalid. No cut-off.
 */
const def = libraryMeasure("k10");
// Index = the K10 code; index 0 is unused.
const CODES = [
  "",
  "None of the time",
  "A little of the time",
  "Some of the time",
  "Most of the time",
  "All of the time",
];
const score = (codes: (number | null)[]) => scoreSession(def, answerByLabel(def, fromScores(CODES, codes)));
const repeat = (n: number, code: number | null) => Array<number | null>(n).fill(code);

describe("K10 scoring", () => {
  it("all 'None of the time' scores the minimum 10, Likely well / sub-diagnostic", () => {
    const result = score(repeat(10, 1));
    expect(result).toMatchObject({ scorable: true, total: 10, adjustedForMissing: false, alerts: [] });
    expect(result.severity).toEqual({ label: "Likely well / sub-diagnostic", min: 10, max: 19 });
    expect(result.cutoffCrossed).toBeUndefined();
  });

  it("all 'All of the time' scores the maximum 50, Severe", () => {
    expect(score(repeat(10, 5))).toMatchObject({ total: 50, severity: { label: "Severe", min: 30, max: 50 } });
  });

  it.each([
    [[...repeat(9, 2), 1], 19, "Likely well / sub-diagnostic"],
    [repeat(10, 2), 20, "Mild"],
    [[...repeat(4, 3), ...repeat(6, 2)], 24, "Mild"],
    [[...repeat(5, 3), ...repeat(5, 2)], 25, "Moderate"],
    [[...repeat(9, 3), 2], 29, "Moderate"],
    [repeat(10, 3), 30, "Severe"],
  ])("band edge: %j totals %i, %s", (codes, total, label) => {
    const result = score(codes);
    expect(result.total).toBe(total);
    expect(result.severity?.label).toBe(label);
  });

  it("one missing item is prorated: round(sum / 9 × 10)", () => {
    // 9 items at 5: 45 / 9 × 10 = 50. 9 items at 1: 9 / 9 × 10 = 10.
    expect(score([...repeat(9, 5), null])).toMatchObject({
      scorable: true,
      total: 50,
      adjustedForMissing: true,
      missingItems: ["q10"],
    });
    expect(score([null, ...repeat(9, 1)])).toMatchObject({ scorable: true, total: 10, missingItems: ["q1"] });
    // 20 / 9 × 10 = 22.2 → 22 (Mild); 23 / 9 × 10 = 25.6 → 26 (Moderate).
    expect(score([...repeat(7, 2), 3, 3, null])).toMatchObject({ total: 22, severity: { label: "Mild" } });
    expect(score([...repeat(4, 2), ...repeat(5, 3), null])).toMatchObject({
      total: 26,
      severity: { label: "Moderate" },
    });
  });

  it("two missing items make the total invalid", () => {
    const result = score([...repeat(8, 5), null, null]);
    expect(result).toMatchObject({ scorable: false, reason: "too-many-missing", missingItems: ["q9", "q10"] });
    expect(result.total).toBeUndefined();
    expect(result.severity).toBeUndefined();
  });
});
