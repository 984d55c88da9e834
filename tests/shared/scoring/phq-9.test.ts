import { describe, expect, it } from "vitest";
import { compareSessions, missingRequired, scoreSession, visibleQuestions } from "../../../src/shared/scoring/index.ts";
import { answerByLabel, every, fromScores, items, libraryMeasure } from "./answer-by-label.ts";

/**
 * PHQ-9 (reference: measures.json PHQ-9). Items 1–9 score Not at all 0, Several days 1, More than
 * half the days 2, Nearly every day 3; sum 0–27; item 10 unscored. Bands 0–4 None/minimal, 5–9
 * Mild, 10–14 Moderate, 15–19 Moderately severe, 20–27 Severe. Cut-off >= 10. Reliable change 6
 * points (NHS Talking Therapies). Item 9 above 0 needs a suicide-risk assessment.
 */
const def = libraryMeasure("phq-9");
const FREQUENCY = ["Not at all", "Several days", "More than half the days", "Nearly every day"];
const score = (scores: (number | null)[], extra: Record<string, string> = {}) =>
  scoreSession(def, answerByLabel(def, { ...fromScores(FREQUENCY, scores), ...extra }));

describe("PHQ-9 scoring", () => {
  it("all 'Not at all' scores 0, None/minimal, below the cut-off, no alert", () => {
    const result = score([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(result).toMatchObject({ scorable: true, total: 0, cutoffCrossed: false, alerts: [] });
    expect(result.severity).toEqual({ label: "None/minimal", min: 0, max: 4 });
  });

  it("all 'Nearly every day' scores the maximum 27, Severe, and raises the item 9 alert", () => {
    const result = score([3, 3, 3, 3, 3, 3, 3, 3, 3]);
    expect(result).toMatchObject({ scorable: true, total: 27, cutoffCrossed: true });
    expect(result.severity?.label).toBe("Severe");
    expect(result.alerts.map((a) => a.id)).toEqual(["phq-9-item-9-suicide-risk"]);
  });

  it.each([
    [[1, 1, 1, 1, 0, 0, 0, 0, 0], 4, "None/minimal", false],
    [[1, 1, 1, 1, 1, 0, 0, 0, 0], 5, "Mild", false],
    [[2, 2, 2, 1, 1, 1, 0, 0, 0], 9, "Mild", false],
    [[2, 2, 2, 2, 2, 0, 0, 0, 0], 10, "Moderate", true],
    [[2, 2, 2, 2, 2, 2, 2, 0, 0], 14, "Moderate", true],
    [[3, 2, 2, 2, 2, 2, 2, 0, 0], 15, "Moderately severe", true],
    [[3, 3, 3, 3, 3, 2, 2, 0, 0], 19, "Moderately severe", true],
    [[3, 3, 3, 3, 3, 3, 2, 0, 0], 20, "Severe", true],
  ])("band edge: %j totals %i, %s (cut-off crossed: %s)", (scores, total, label, crossed) => {
    const result = score(scores);
    expect(result.total).toBe(total);
    expect(result.severity?.label).toBe(label);
    expect(result.cutoffCrossed).toBe(crossed);
    expect(result.alerts).toEqual([]);
  });

  it("the difficulty question (item 10) is unscored and not required", () => {
    const without = score([1, 1, 1, 1, 1, 0, 0, 0, 0]);
    const withIt = score([1, 1, 1, 1, 1, 0, 0, 0, 0], { q10: "Extremely difficult" });
    expect(without).toMatchObject({ scorable: true, total: 5 });
    expect(withIt).toMatchObject({ scorable: true, total: 5 });
    expect(missingRequired(def, answerByLabel(def, fromScores(FREQUENCY, [0, 0, 0, 0, 0, 0, 0, 0, 0])))).toEqual([]);
    expect(visibleQuestions(def, {}).map((q) => q.id)).toEqual([...items(1, 9), "q10"]);
  });

  it("a skipped item makes the session unscorable: no total, no band, no cut-off", () => {
    const result = score([1, 1, 1, 1, 1, 1, 1, 1, null]);
    expect(result).toMatchObject({ scorable: false, reason: "required-missing", missingRequired: ["q9"] });
    expect(result.total).toBeUndefined();
    expect(result.severity).toBeUndefined();
    expect(result.cutoffCrossed).toBeUndefined();
  });

  it("item 9 answered above 0 raises the suicide-risk alert even when nothing else is answered", () => {
    const result = scoreSession(def, answerByLabel(def, { q9: "Several days" }));
    expect(result.scorable).toBe(false);
    expect(result.missingRequired).toEqual(items(1, 8));
    expect(result.alerts).toEqual([
      expect.objectContaining({ id: "phq-9-item-9-suicide-risk", level: "critical", questionId: "q9" }),
    ]);
    expect(result.alerts[0].message).toMatch(/^Suicide risk: PHQ-9 item 9/);
  });

  it("item 9 answered 'Not at all' raises nothing", () => {
    expect(scoreSession(def, answerByLabel(def, every(items(1, 9), "Not at all"))).alerts).toEqual([]);
  });

  it("an answer that is not one of the options is never scored", () => {
    const answers = { ...answerByLabel(def, every(items(1, 9), "Several days")), q1: 4 };
    expect(scoreSession(def, answers)).toMatchObject({
      scorable: false,
      reason: "invalid-answers",
      invalidAnswers: ["q1"],
    });
  });

  it("a drop of 6 points is reliable improvement, a rise of 6 reliable deterioration, 5 is not reliable", () => {
    const session = (total: number) => ({ scorable: true, total });
    const change = compareSessions(def, session(20), session(15), session(14));
    expect(change.sinceFirst).toEqual({
      from: 20,
      to: 14,
      change: -6,
      direction: "improved",
      rci: 6,
      reliableChange: "reliable improvement",
    });
    expect(change.sincePrevious).toMatchObject({ change: -1, reliableChange: "no reliable change" });
    expect(compareSessions(def, session(8), null, session(14)).sinceFirst).toMatchObject({
      change: 6,
      direction: "worsened",
      reliableChange: "reliable deterioration",
    });
    expect(compareSessions(def, session(19), null, session(14)).sinceFirst?.reliableChange).toBe("no reliable change");
  });
});
