import { describe, expect, it } from "vitest";
import { scoreSession, visibleQuestions } from "../../../src/shared/scoring/index.ts";
import { answerByLabel, fromScores, items, libraryMeasure } from "./answer-by-label.ts";

/**
 * PSC-17 (reference: measures.json PSC-17, PSC-17 Scoring Instructions). Never 0, Sometimes 1,
 * Often 2; sum 0–34. Subscales: internalizing items 1–5 (>= 5), attention 6–10 (>= 7),
 * externalizing 11–17 (>= 7). Total cut-off >= 15. Blank items score 0; four or more blanks: invalid.
 * Item ids follow the reference; the form shows them in the printed order.
 */
const def = libraryMeasure("psc-17");
const FREQUENCY = ["Never", "Sometimes", "Often"];
const score = (scores: (number | null)[]) => scoreSession(def, answerByLabel(def, fromScores(FREQUENCY, scores)));
const repeat = (n: number, s: number | null) => Array<number | null>(n).fill(s);

describe("PSC-17 scoring", () => {
  it("all 'Never' scores 0 with every subscale at 0 and below its cut-off", () => {
    const result = score(repeat(17, 0));
    expect(result).toMatchObject({ scorable: true, total: 0, cutoffCrossed: false, alerts: [] });
    expect(result.subscales).toEqual({ internalizing: 0, attention: 0, externalizing: 0 });
    expect(result.subscaleCutoffsCrossed).toEqual({ internalizing: false, attention: false, externalizing: false });
  });

  it("all 'Often' scores the maximum 34: internalizing 10, attention 10, externalizing 14", () => {
    const result = score(repeat(17, 2));
    expect(result).toMatchObject({ total: 34, cutoffCrossed: true });
    expect(result.subscales).toEqual({ internalizing: 10, attention: 10, externalizing: 14 });
    expect(result.subscaleCutoffsCrossed).toEqual({ internalizing: true, attention: true, externalizing: true });
  });

  it("the total cut-off is 15", () => {
    expect(score([...repeat(14, 1), 0, 0, 0])).toMatchObject({ total: 14, cutoffCrossed: false });
    expect(score([...repeat(15, 1), 0, 0])).toMatchObject({ total: 15, cutoffCrossed: true });
  });

  it("subscale cut-offs: internalizing 5, attention 7, externalizing 7", () => {
    const crossed = (scores: number[]) => score(scores).subscaleCutoffsCrossed;
    // internalizing 4 / 5; attention 6 / 7; externalizing 6 / 7.
    expect(crossed([1, 1, 1, 1, 0, 2, 2, 1, 1, 0, 1, 1, 1, 1, 1, 1, 0])).toEqual({
      internalizing: false,
      attention: false,
      externalizing: false,
    });
    expect(crossed([1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])).toEqual({
      internalizing: true,
      attention: true,
      externalizing: true,
    });
  });

  it("up to three blanks count as 0; four blanks make it invalid", () => {
    expect(score([...repeat(14, 2), null, null, null])).toMatchObject({
      scorable: true,
      total: 28,
      adjustedForMissing: true,
      missingItems: ["q15", "q16", "q17"],
    });
    const invalid = score([...repeat(13, 2), null, null, null, null]);
    expect(invalid).toMatchObject({ scorable: false, reason: "too-many-missing" });
    expect(invalid.total).toBeUndefined();
  });

  it("questions appear in the printed form's order", () => {
    const texts = visibleQuestions(def, {}).map((q) => q.text);
    expect(texts.slice(0, 3)).toEqual(["Fidgety, unable to sit still", "Feels sad, unhappy", "Daydreams too much"]);
    expect(texts.at(-1)).toBe("Distracted easily");
    expect(new Set(visibleQuestions(def, {}).map((q) => q.id))).toEqual(new Set(items(1, 17)));
  });
});
