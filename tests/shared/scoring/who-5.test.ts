import { describe, expect, it } from "vitest";
import { compareSessions, scoreSession } from "../../../src/shared/scoring/index.ts";
import { answerByLabel, fromScores, libraryMeasure } from "./answer-by-label.ts";

/**
 * WHO-5 (reference: measures.json WHO-5). Five items: At no time 0, Some of the time 1, Less than
 * half of the time 2, More than half of the time 3, Most of the time 4, All of the time 5. Raw sum
 * 0–25; percentage = raw × 4 (0–100); higher is better; no reverse items; all 5 required.
 * Poor well-being: raw < 13, percentage < 50.
 */
const def = libraryMeasure("who-5");
const FREQUENCY = [
  "At no time",
  "Some of the time",
  "Less than half of the time",
  "More than half of the time",
  "Most of the time",
  "All of the time",
];
const score = (scores: (number | null)[]) => scoreSession(def, answerByLabel(def, fromScores(FREQUENCY, scores)));

describe("WHO-5 scoring", () => {
  it("all 'At no time' gives raw 0, percentage 0: poor well-being", () => {
    expect(score([0, 0, 0, 0, 0])).toMatchObject({
      scorable: true,
      total: 0,
      derived: { percentage: 0 },
      cutoffCrossed: true,
      derivedCutoffsCrossed: { percentage: true },
    });
  });

  it("all 'All of the time' gives raw 25, percentage 100", () => {
    expect(score([5, 5, 5, 5, 5])).toMatchObject({
      total: 25,
      derived: { percentage: 100 },
      cutoffCrossed: false,
      derivedCutoffsCrossed: { percentage: false },
    });
  });

  it("raw 12 (48%) is poor well-being, raw 13 (52%) is not", () => {
    expect(score([3, 3, 2, 2, 2])).toMatchObject({ total: 12, derived: { percentage: 48 }, cutoffCrossed: true });
    expect(score([3, 3, 3, 2, 2])).toMatchObject({ total: 13, derived: { percentage: 52 }, cutoffCrossed: false });
  });

  it("all five items are required", () => {
    expect(score([5, 5, 5, 5, null])).toMatchObject({ scorable: false, missingRequired: ["q5"] });
  });

  it("a rise is an improvement (higher is better); no reliable-change value is given", () => {
    const change = compareSessions(def, { scorable: true, total: 10 }, null, { scorable: true, total: 15 });
    expect(change.sinceFirst).toEqual({ from: 10, to: 15, change: 5, direction: "improved" });
  });
});
