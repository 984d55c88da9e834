import { describe, expect, it } from "vitest";
import { compareSessions, scoreSession } from "../../../src/shared/scoring/index.ts";
import { answerByLabel, every, items, libraryMeasure } from "./answer-by-label.ts";

/**
 * CORE-10 (reference: measures.json CORE-10). Options Not at all, Only occasionally, Sometimes,
 * Often, Most or all of the time score 0–4, except items 2 and 3, reverse-scored 4–0. Sum 0–40.
 * Bands 0–10 Healthy/low-level (non-clinical), 11–14 Mild, 15–19 Moderate, 20–24
 * Moderate-to-severe, 25–40 Severe. Cut-off >= 11. Item 6 above 0: risk. The official missing-item
 * limit and the 6-point reliable change are NOT VERIFIED, so every item is required and change
 * gets no verdict.
 */
const def = libraryMeasure("core-10");
const LABELS = ["Not at all", "Only occasionally", "Sometimes", "Often", "Most or all of the time"];
const FORWARD = ["q1", ...items(4, 10)];

/** Points per item (items 2 and 3 reversed, so their label is LABELS[4 − points]). */
function answers(points: (number | null)[]) {
  const labels: Record<string, string> = {};
  points.forEach((p, i) => {
    if (p === null) return;
    const reversed = i === 1 || i === 2;
    labels[`q${i + 1}`] = LABELS[reversed ? 4 - p : p];
  });
  return answerByLabel(def, labels);
}

describe("CORE-10 scoring", () => {
  it("'Not at all' everywhere scores 8, because items 2 and 3 are reverse-scored", () => {
    const result = scoreSession(def, answerByLabel(def, every(items(1, 10), "Not at all")));
    expect(result).toMatchObject({ scorable: true, total: 8, cutoffCrossed: false, alerts: [] });
  });

  it("the minimum 0: forward items 'Not at all', items 2 and 3 'Most or all of the time'", () => {
    const labels = { ...every(FORWARD, "Not at all"), q2: "Most or all of the time", q3: "Most or all of the time" };
    const result = scoreSession(def, answerByLabel(def, labels));
    expect(result).toMatchObject({ total: 0, severity: { label: "Healthy/low-level (non-clinical)" } });
  });

  it("the maximum 40: forward items 'Most or all of the time', items 2 and 3 'Not at all'", () => {
    const labels = { ...every(FORWARD, "Most or all of the time"), q2: "Not at all", q3: "Not at all" };
    const result = scoreSession(def, answerByLabel(def, labels));
    expect(result).toMatchObject({ total: 40, cutoffCrossed: true, severity: { label: "Severe", min: 25, max: 40 } });
  });

  it.each([
    [[1, 1, 1, 1, 1, 0, 1, 1, 1, 2], 10, "Healthy/low-level (non-clinical)", false],
    [[1, 1, 1, 1, 1, 0, 1, 1, 2, 2], 11, "Mild", true],
    [[2, 2, 2, 1, 1, 0, 1, 1, 2, 2], 14, "Mild", true],
    [[2, 2, 2, 2, 1, 0, 1, 1, 2, 2], 15, "Moderate", true],
    [[2, 2, 2, 2, 2, 0, 2, 3, 2, 2], 19, "Moderate", true],
    [[2, 2, 2, 2, 2, 0, 2, 3, 3, 2], 20, "Moderate-to-severe", true],
    [[3, 3, 3, 3, 2, 0, 3, 3, 2, 2], 24, "Moderate-to-severe", true],
    [[3, 3, 3, 3, 3, 0, 3, 3, 2, 2], 25, "Severe", true],
  ])("band edge: points %j total %i, %s (cut-off crossed: %s)", (points, total, label, crossed) => {
    const result = scoreSession(def, answers(points));
    expect(result.total).toBe(total);
    expect(result.severity?.label).toBe(label);
    expect(result.cutoffCrossed).toBe(crossed);
    expect(result.alerts).toEqual([]);
  });

  it("item 6 'Only occasionally' raises the risk alert, also in a partial session", () => {
    const partial = scoreSession(def, answerByLabel(def, { q6: "Only occasionally" }));
    expect(partial.scorable).toBe(false);
    expect(partial.alerts).toEqual([
      expect.objectContaining({ id: "core-10-item-6-suicide-plans", level: "critical", questionId: "q6" }),
    ]);
    const complete = scoreSession(def, answers([0, 4, 4, 0, 0, 1, 0, 0, 0, 0]));
    expect(complete).toMatchObject({ scorable: true, total: 9 });
    expect(complete.alerts.map((a) => a.id)).toEqual(["core-10-item-6-suicide-plans"]);
  });

  it("prorating is not verified, so one skipped item means no score", () => {
    const result = scoreSession(def, answers([2, 2, 2, 2, 2, 0, 2, 2, 2, null]));
    expect(result).toMatchObject({ scorable: false, reason: "required-missing", missingRequired: ["q10"] });
  });

  it("the unverified 6-point reliable change gives no verdict; the change in points is shown", () => {
    const change = compareSessions(def, { scorable: true, total: 20 }, null, { scorable: true, total: 14 });
    expect(change.sinceFirst).toEqual({ from: 20, to: 14, change: -6, direction: "improved" });
  });
});
