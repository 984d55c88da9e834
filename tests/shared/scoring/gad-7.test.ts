import { describe, expect, it } from "vitest";
import { compareSessions, scoreSession } from "../../../src/shared/scoring/index.ts";
import { answerByLabel, fromScores, libraryMeasure } from "./answer-by-label.ts";

/**
 * GAD-7 (reference: measures.json GAD-7). Seven items, Not at all 0 … Nearly every day 3; sum
 * 0–21. Bands 0–4 None/minimal, 5–9 Mild, 10–14 Moderate, 15–21 Severe. Cut-off >= 10. Reliable
 * change 4 points (NHS Talking Therapies). No critical item.
 */
const def = libraryMeasure("gad-7");
const FREQUENCY = ["Not at all", "Several days", "More than half the days", "Nearly every day"];
const score = (scores: (number | null)[]) => scoreSession(def, answerByLabel(def, fromScores(FREQUENCY, scores)));

describe("GAD-7 scoring", () => {
  it("all 'Not at all' scores 0, None/minimal", () => {
    const result = score([0, 0, 0, 0, 0, 0, 0]);
    expect(result).toMatchObject({ scorable: true, total: 0, cutoffCrossed: false, alerts: [] });
    expect(result.severity).toEqual({ label: "None/minimal", min: 0, max: 4 });
  });

  it("all 'Nearly every day' scores the maximum 21, Severe, and raises no alert", () => {
    const result = score([3, 3, 3, 3, 3, 3, 3]);
    expect(result).toMatchObject({ scorable: true, total: 21, cutoffCrossed: true, alerts: [] });
    expect(result.severity).toEqual({ label: "Severe", min: 15, max: 21 });
  });

  it.each([
    [[1, 1, 1, 1, 0, 0, 0], 4, "None/minimal", false],
    [[1, 1, 1, 1, 1, 0, 0], 5, "Mild", false],
    [[2, 2, 2, 1, 1, 1, 0], 9, "Mild", false],
    [[2, 2, 2, 2, 2, 0, 0], 10, "Moderate", true],
    [[2, 2, 2, 2, 2, 2, 2], 14, "Moderate", true],
    [[3, 2, 2, 2, 2, 2, 2], 15, "Severe", true],
  ])("band edge: %j totals %i, %s (cut-off crossed: %s)", (scores, total, label, crossed) => {
    const result = score(scores);
    expect(result.total).toBe(total);
    expect(result.severity?.label).toBe(label);
    expect(result.cutoffCrossed).toBe(crossed);
  });

  it("no proration rule is verified, so one skipped item means no score", () => {
    const result = score([3, 3, 3, 3, 3, 3, null]);
    expect(result).toMatchObject({ scorable: false, reason: "required-missing", missingRequired: ["q7"] });
    expect(result.total).toBeUndefined();
  });

  it("reliable change is 4 points either way", () => {
    const session = (total: number) => ({ scorable: true, total });
    expect(compareSessions(def, session(14), session(12), session(10))).toEqual({
      sinceFirst: {
        from: 14,
        to: 10,
        change: -4,
        direction: "improved",
        rci: 4,
        reliableChange: "reliable improvement",
      },
      sincePrevious: {
        from: 12,
        to: 10,
        change: -2,
        direction: "improved",
        rci: 4,
        reliableChange: "no reliable change",
      },
    });
    expect(compareSessions(def, session(6), null, session(10)).sinceFirst?.reliableChange).toBe(
      "reliable deterioration",
    );
    expect(compareSessions(def, session(13), null, session(10)).sinceFirst?.reliableChange).toBe("no reliable change");
  });
});
