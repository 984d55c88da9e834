import { describe, expect, it } from "vitest";
import { scoreSession } from "../../../src/shared/scoring/index.ts";
import { answerByLabel, fromScores, libraryMeasure } from "./answer-by-label.ts";

/**
 * K6 (reference: measures.json K6). Six items coded None of the time 0, A little of the time 1,
 * Some of the time 2, Most of the time 3, All of the time 4; sum 0–24. The >= 13 cut-off comes from
 * secondary documents only (NOT VERIFIED), so it is never applied. No missing-item rule verified.
 */
const def = libraryMeasure("k6");
const CODES = ["None of the time", "A little of the time", "Some of the time", "Most of the time", "All of the time"];
const score = (codes: (number | null)[]) => scoreSession(def, answerByLabel(def, fromScores(CODES, codes)));

describe("K6 scoring", () => {
  it("all 'None of the time' scores 0; all 'All of the time' the maximum 24", () => {
    expect(score([0, 0, 0, 0, 0, 0])).toMatchObject({ scorable: true, total: 0, alerts: [] });
    expect(score([4, 4, 4, 4, 4, 4])).toMatchObject({ scorable: true, total: 24, alerts: [] });
  });

  it("the unverified >= 13 cut-off is shown in the library but never applied", () => {
    const result = score([3, 2, 2, 2, 2, 2]);
    expect(result.total).toBe(13);
    expect(result.cutoffCrossed).toBeUndefined();
    expect(result.cutoff).toBeUndefined();
    expect(def.cutoff).toMatchObject({ value: 13, verified: false });
  });

  it("no bands are given, so no severity label", () => {
    expect(score([2, 2, 2, 2, 2, 2]).severity).toBeUndefined();
  });

  it("a skipped item means no score", () => {
    expect(score([4, 4, 4, 4, 4, null])).toMatchObject({ scorable: false, missingRequired: ["q6"] });
  });
});
