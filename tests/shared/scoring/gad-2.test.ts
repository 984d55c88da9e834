import { describe, expect, it } from "vitest";
import { scoreSession } from "../../../src/shared/scoring/index.ts";
import { answerByLabel, fromScores, libraryMeasure } from "./answer-by-label.ts";

/**
 * GAD-2 (reference: measures.json GAD-2). GAD-7 items 1–2, Not at all 0 … Nearly every day 3;
 * sum 0–6; no missing item allowed; cut-off >= 3. Bands (awell-score convention): 0 None, 1–2 Mild,
 * 3–4 Moderate, 5–6 Severe.
 */
const def = libraryMeasure("gad-2");
const FREQUENCY = ["Not at all", "Several days", "More than half the days", "Nearly every day"];
const score = (scores: (number | null)[]) => scoreSession(def, answerByLabel(def, fromScores(FREQUENCY, scores)));

describe("GAD-2 scoring", () => {
  it.each([
    [[0, 0], 0, "None", false],
    [[1, 0], 1, "Mild (awell-score convention)", false],
    [[1, 1], 2, "Mild (awell-score convention)", false],
    [[2, 1], 3, "Moderate (awell-score convention)", true],
    [[2, 2], 4, "Moderate (awell-score convention)", true],
    [[3, 2], 5, "Severe (awell-score convention)", true],
    [[3, 3], 6, "Severe (awell-score convention)", true],
  ])("%j totals %i, %s (cut-off crossed: %s)", (scores, total, label, crossed) => {
    const result = score(scores);
    expect(result).toMatchObject({ scorable: true, total, cutoffCrossed: crossed, alerts: [] });
    expect(result.severity?.label).toBe(label);
  });

  it("a skipped item means no score (maxMissing 0)", () => {
    expect(score([null, 2])).toMatchObject({ scorable: false, missingRequired: ["q1"] });
  });
});
