import { describe, expect, it } from "vitest";
import { scoreSession, visibleQuestions } from "../../../src/shared/scoring/index.ts";
import { answerByLabel, items, libraryMeasure } from "./answer-by-label.ts";

/**
 * AUDIT (reference: measures.json AUDIT, WHO wording). Item 1: Never 0, Monthly or less 1, 2 to 4
 * times a month 2, 2 to 3 times a week 3, 4 or more times a week 4. Item 2: 1 or 2 0, 3 or 4 1,
 * 5 or 6 2, 7, 8, or 9 3, 10 or more 4. Items 3–8: Never 0, Less than monthly 1, Monthly 2, Weekly
 * 3, Daily or almost daily 4. Items 9–10: No 0, Yes, but not in the last year 2, Yes, during the
 * last year 4. Sum 0–40. Zones 0–7 Low risk, 8–15 Risky/hazardous, 16–19 High-risk/harmful, 20–40
 * High-risk; likely dependence. Cut-off >= 8. WHO skip rule: item 1 Never, or items 2 + 3 = 0, go
 * to items 9–10. Subscales: consumption 1–3, dependence 4–6 (>= 4 possible dependence), problems 7–10.
 */
const def = libraryMeasure("audit");
const Q1 = ["Never", "Monthly or less", "2 to 4 times a month", "2 to 3 times a week", "4 or more times a week"];
const Q2 = ["1 or 2", "3 or 4", "5 or 6", "7, 8, or 9", "10 or more"];
const Q3_8 = ["Never", "Less than monthly", "Monthly", "Weekly", "Daily or almost daily"];
const Q9_10: Record<number, string> = { 0: "No", 2: "Yes, but not in the last year", 4: "Yes, during the last year" };

/** Scores of items 1–10 (null = not answered) to labels, by the tables above. */
function labels(scores: (number | null)[]): Record<string, string> {
  const out: Record<string, string> = {};
  scores.forEach((s, i) => {
    if (s === null) return;
    const table = i === 0 ? Q1 : i === 1 ? Q2 : i < 8 ? Q3_8 : Q9_10;
    out[`q${i + 1}`] = (table as Record<number, string>)[s];
  });
  return out;
}
const score = (scores: (number | null)[]) => scoreSession(def, answerByLabel(def, labels(scores)));

describe("AUDIT scoring", () => {
  it("a non-drinker answers items 1, 9 and 10 only and scores 0, Low risk", () => {
    const answers = answerByLabel(def, labels([0, null, null, null, null, null, null, null, 0, 0]));
    expect(visibleQuestions(def, answers).map((q) => q.id)).toEqual(["q1", "q9", "q10"]);
    const result = scoreSession(def, answers);
    expect(result).toMatchObject({ scorable: true, total: 0, cutoffCrossed: false, missingRequired: [] });
    expect(result.severity).toEqual({ label: "Low risk", min: 0, max: 7 });
    expect(result.subscales).toEqual({ consumption: 0, dependence: 0, problems: 0 });
  });

  it("all maximum answers score 40: consumption 12, dependence 12, problems 16", () => {
    const result = score([4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    expect(result).toMatchObject({ scorable: true, total: 40, cutoffCrossed: true });
    expect(result.severity?.label).toBe("High-risk; likely dependence");
    expect(result.subscales).toEqual({ consumption: 12, dependence: 12, problems: 16 });
    expect(result.subscaleCutoffsCrossed).toEqual({ dependence: true, problems: true });
  });

  it.each([
    [[2, 1, 1, 1, 1, 1, 0, 0, 0, 0], 7, "Low risk", false],
    [[2, 1, 1, 1, 1, 1, 1, 0, 0, 0], 8, "Risky/hazardous", true],
    [[4, 2, 2, 1, 1, 1, 1, 1, 2, 0], 15, "Risky/hazardous", true],
    [[4, 2, 2, 2, 1, 1, 1, 1, 2, 0], 16, "High-risk/harmful", true],
    [[4, 3, 3, 2, 2, 1, 1, 1, 2, 0], 19, "High-risk/harmful", true],
    [[4, 3, 3, 2, 2, 2, 1, 1, 2, 0], 20, "High-risk; likely dependence", true],
  ])("zone edge: %j totals %i, %s (cut-off crossed: %s)", (scores, total, label, crossed) => {
    const result = score(scores);
    expect(result.total).toBe(total);
    expect(result.severity?.label).toBe(label);
    expect(result.cutoffCrossed).toBe(crossed);
  });

  it("items 2 + 3 = 0 skips items 4–8: they are neither required nor counted", () => {
    const answers = answerByLabel(def, labels([1, 0, 0, null, null, null, null, null, 4, 0]));
    expect(visibleQuestions(def, answers).map((q) => q.id)).toEqual(["q1", "q2", "q3", "q9", "q10"]);
    expect(scoreSession(def, answers)).toMatchObject({ scorable: true, total: 5, missingRequired: [] });
  });

  it("answers left on items hidden by the skip rule are ignored", () => {
    // Item 1 changed to Never after items 2–8 were answered at their maximum: only 1, 9, 10 count.
    const result = score([0, 4, 4, 4, 4, 4, 4, 4, 2, 2]);
    expect(result).toMatchObject({ scorable: true, total: 4 });
  });

  it("dependence at 4 suggests possible dependence, at 3 not", () => {
    expect(score([1, 1, 1, 2, 2, 0, 0, 0, 0, 0]).subscaleCutoffsCrossed).toMatchObject({ dependence: true });
    expect(score([1, 1, 1, 2, 1, 0, 0, 0, 0, 0]).subscaleCutoffsCrossed).toMatchObject({
      dependence: false,
      problems: false,
    });
  });

  it("a drinker who skips an item that applies to them gets no score", () => {
    // Item 2 above 0 opens items 4–8 (WHO skip rule), so they are required as well as item 3.
    const result = score([2, 1, null, null, null, null, null, null, 0, 0]);
    expect(result).toMatchObject({ scorable: false, reason: "required-missing", missingRequired: items(3, 8) });
    expect(result.total).toBeUndefined();
  });

  it("items 4–8 appear once item 2 or 3 scores above 0", () => {
    const shown = (scores: (number | null)[]) =>
      visibleQuestions(def, answerByLabel(def, labels(scores))).map((q) => q.id);
    expect(shown([1, 1, 0, null, null, null, null, null, null, null])).toEqual(items(1, 10));
    expect(shown([1, 0, 1, null, null, null, null, null, null, null])).toEqual(items(1, 10));
    expect(shown([null, null, null, null, null, null, null, null, null, null])).toEqual(["q1", "q9", "q10"]);
  });
});
