import { describe, expect, it } from "vitest";
import { compareSessions, scoreSession } from "../../../src/shared/scoring/index.ts";
import { answerByLabel, fromScores, libraryMeasure } from "./answer-by-label.ts";

/**
 * PCL-5 (reference: measures.json PCL-5). Twenty items, Not at all 0, A little bit 1, Moderately 2,
 * Quite a bit 3, Extremely 4; sum 0–80; clusters B items 1–5, C 6–7, D 8–14, E 15–20. Cut-off
 * >= 33. No official bands; reliable change is sample-dependent, so no verdict; no critical item
 * (flagging item 16 is a local decision, not a published rule).
 */
const def = libraryMeasure("pcl-5");
const SEVERITY = ["Not at all", "A little bit", "Moderately", "Quite a bit", "Extremely"];
const score = (scores: (number | null)[]) => scoreSession(def, answerByLabel(def, fromScores(SEVERITY, scores)));
const repeat = (n: number, s: number | null) => Array<number | null>(n).fill(s);

describe("PCL-5 scoring", () => {
  it("all 'Not at all' scores 0 with every cluster at 0", () => {
    const result = score(repeat(20, 0));
    expect(result).toMatchObject({ scorable: true, total: 0, cutoffCrossed: false, alerts: [] });
    expect(result.subscales).toEqual({
      b_intrusion: 0,
      c_avoidance: 0,
      d_negative_cognition_mood: 0,
      e_arousal_reactivity: 0,
    });
  });

  it("all 'Extremely' scores the maximum 80: B 20, C 8, D 28, E 24; no band, no alert (not even item 16)", () => {
    const result = score(repeat(20, 4));
    expect(result).toMatchObject({ scorable: true, total: 80, cutoffCrossed: true, alerts: [] });
    expect(result.subscales).toEqual({
      b_intrusion: 20,
      c_avoidance: 8,
      d_negative_cognition_mood: 28,
      e_arousal_reactivity: 24,
    });
    expect(result.severity).toBeUndefined();
  });

  it("probable PTSD from 33, not at 32", () => {
    // 11 items at "Quite a bit" (3) = 33; 10 at "Quite a bit" and one "Moderately" (2) = 32.
    expect(score([...repeat(11, 3), ...repeat(9, 0)])).toMatchObject({ total: 33, cutoffCrossed: true });
    expect(score([...repeat(10, 3), 2, ...repeat(9, 0)])).toMatchObject({ total: 32, cutoffCrossed: false });
  });

  it("clusters add only their own items", () => {
    // B: 1+1+1+1+1 = 5; C: 2+2 = 4; D: 7 × 3 = 21; E: 6 × 0 = 0.
    const result = score([1, 1, 1, 1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 3, 0, 0, 0, 0, 0, 0]);
    expect(result.total).toBe(30);
    expect(result.subscales).toEqual({
      b_intrusion: 5,
      c_avoidance: 4,
      d_negative_cognition_mood: 21,
      e_arousal_reactivity: 0,
    });
  });

  it("no proration rule is verified, so one skipped item means no score", () => {
    const result = score([...repeat(19, 4), null]);
    expect(result).toMatchObject({ scorable: false, missingRequired: ["q20"] });
    expect(result.subscales).toBeUndefined();
  });

  it("change is reported in points without a reliable-change verdict", () => {
    const change = compareSessions(def, { scorable: true, total: 50 }, null, { scorable: true, total: 30 });
    expect(change.sinceFirst).toEqual({ from: 50, to: 30, change: -20, direction: "improved" });
  });
});
