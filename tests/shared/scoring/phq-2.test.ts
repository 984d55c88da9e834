import { describe, expect, it } from "vitest";
import { scoreSession } from "../../../src/shared/scoring/index.ts";
import { answerByLabel, fromScores, libraryMeasure } from "./answer-by-label.ts";

/**
 * PHQ-2 (reference: measures.json PHQ-2). PHQ-9 items 1–2, Not at all 0 … Nearly every day 3;
 * sum 0–6; no missing item allowed; cut-off >= 3 (positive screen). No bands, no suicide item.
 */
const def = libraryMeasure("phq-2");
const FREQUENCY = ["Not at all", "Several days", "More than half the days", "Nearly every day"];
const score = (scores: (number | null)[]) => scoreSession(def, answerByLabel(def, fromScores(FREQUENCY, scores)));

describe("PHQ-2 scoring", () => {
  it("both 'Not at all' scores 0, a negative screen with no band", () => {
    const result = score([0, 0]);
    expect(result).toMatchObject({ scorable: true, total: 0, cutoffCrossed: false, alerts: [] });
    expect(result.severity).toBeUndefined();
  });

  it("both 'Nearly every day' scores the maximum 6 and raises no alert (PHQ-2 asks nothing about suicide)", () => {
    expect(score([3, 3])).toMatchObject({ scorable: true, total: 6, cutoffCrossed: true, alerts: [] });
  });

  it("the screen turns positive at 3, not at 2", () => {
    expect(score([1, 1])).toMatchObject({ total: 2, cutoffCrossed: false });
    expect(score([2, 1])).toMatchObject({ total: 3, cutoffCrossed: true });
  });

  it("a skipped item means no score (maxMissing 0)", () => {
    expect(score([3, null])).toMatchObject({ scorable: false, missingRequired: ["q2"] });
  });
});
