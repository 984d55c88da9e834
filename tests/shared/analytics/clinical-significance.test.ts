import { describe, expect, it } from "vitest";
import {
  classifyJacobsonTruax,
  classifyTalkingTherapies,
  countCategories,
  reliableChangeIndex,
  reliableChangePoints,
  standardErrorOfDifference,
} from "../../../src/shared/analytics/clinical-significance.ts";
import { jacobsonTruaxFor, talkingTherapiesFor } from "../../../src/shared/analytics/significance-parameters.ts";
import { MEASURE_LIBRARY, measureDefinition } from "../../../src/shared/measures/library.ts";
import type { MeasureDefinition } from "../../../src/shared/measures/types.ts";

// Hand-computed: SD 5, r 0.84 -> SE = 5 * sqrt(0.16) = 2; S_diff = sqrt(2) * 2 = 2.8284;
// 1.96 * S_diff = 5.5437 points. A change of 6 is reliable (RCI 2.1213), 5 is not (1.7678).
const LOWER_BETTER = { r: 0.84, sd: 5, cutoff: { value: 10, direction: ">=" }, higherIsBetter: false };
// A well-being scale: clinical below 13, higher is better; same r and SD.
const HIGHER_BETTER = { r: 0.84, sd: 5, cutoff: { value: 13, direction: "<" }, higherIsBetter: true };

describe("Jacobson–Truax", () => {
  it("computes S_diff, the RCI and the threshold in points by the formulas", () => {
    expect(standardErrorOfDifference(5, 0.84)).toBeCloseTo(2.828427, 5);
    expect(reliableChangeIndex({ pre: 20, post: 14 }, 5, 0.84)).toBeCloseTo(-2.12132, 5);
    expect(reliableChangeIndex({ pre: 20, post: 15 }, 5, 0.84)).toBeCloseTo(-1.767767, 5);
    expect(reliableChangePoints(5, 0.84)).toBeCloseTo(5.543717, 5);
  });

  it("classifies a lower-is-better instrument", () => {
    expect(classifyJacobsonTruax({ pre: 15, post: 9 }, LOWER_BETTER)).toBe("recovered"); // -6, 15 -> 9 crosses 10
    expect(classifyJacobsonTruax({ pre: 22, post: 16 }, LOWER_BETTER)).toBe("improved"); // -6, still >= 10
    expect(classifyJacobsonTruax({ pre: 8, post: 2 }, LOWER_BETTER)).toBe("improved"); // -6, never clinical
    expect(classifyJacobsonTruax({ pre: 14, post: 9 }, LOWER_BETTER)).toBe("unchanged"); // -5 crosses, not reliable
    expect(classifyJacobsonTruax({ pre: 10, post: 10 }, LOWER_BETTER)).toBe("unchanged");
    expect(classifyJacobsonTruax({ pre: 4, post: 10 }, LOWER_BETTER)).toBe("deteriorated"); // +6
    expect(classifyJacobsonTruax({ pre: 4, post: 9 }, LOWER_BETTER)).toBe("unchanged"); // +5
  });

  it("inverts for a higher-is-better instrument", () => {
    expect(classifyJacobsonTruax({ pre: 8, post: 14 }, HIGHER_BETTER)).toBe("recovered"); // +6, 8 < 13 -> 14
    expect(classifyJacobsonTruax({ pre: 2, post: 8 }, HIGHER_BETTER)).toBe("improved"); // +6, still < 13
    expect(classifyJacobsonTruax({ pre: 14, post: 8 }, HIGHER_BETTER)).toBe("deteriorated"); // -6
    expect(classifyJacobsonTruax({ pre: 10, post: 15 }, HIGHER_BETTER)).toBe("unchanged"); // +5
  });

  it("counts pairs per category", () => {
    const pairs = [
      { pre: 15, post: 9 },
      { pre: 22, post: 16 },
      { pre: 14, post: 9 },
      { pre: 4, post: 10 },
      { pre: 16, post: 3 },
    ];
    expect(countCategories(pairs, (p) => classifyJacobsonTruax(p, LOWER_BETTER))).toEqual({
      recovered: 2,
      improved: 1,
      unchanged: 1,
      deteriorated: 1,
      not_case: 0,
    });
  });
});

describe("NHS Talking Therapies", () => {
  const PHQ9 = { reliableChange: 6, caseness: 10 };
  const GAD7 = { reliableChange: 4, caseness: 8 };

  it("classifies PHQ-9 pairs: a fall of 6 or more is reliable, caseness 10 or more", () => {
    expect(classifyTalkingTherapies({ pre: 15, post: 9 }, PHQ9)).toBe("recovered");
    expect(classifyTalkingTherapies({ pre: 18, post: 12 }, PHQ9)).toBe("improved"); // still a case
    expect(classifyTalkingTherapies({ pre: 14, post: 9 }, PHQ9)).toBe("unchanged"); // below caseness, fall of 5
    expect(classifyTalkingTherapies({ pre: 10, post: 16 }, PHQ9)).toBe("deteriorated");
    expect(classifyTalkingTherapies({ pre: 10, post: 15 }, PHQ9)).toBe("unchanged");
    expect(classifyTalkingTherapies({ pre: 9, post: 20 }, PHQ9)).toBe("not_case");
  });

  it("classifies GAD-7 pairs: a fall of 4 or more is reliable, caseness 8 or more", () => {
    expect(classifyTalkingTherapies({ pre: 8, post: 4 }, GAD7)).toBe("recovered");
    expect(classifyTalkingTherapies({ pre: 12, post: 8 }, GAD7)).toBe("improved");
    expect(classifyTalkingTherapies({ pre: 12, post: 9 }, GAD7)).toBe("unchanged");
    expect(classifyTalkingTherapies({ pre: 8, post: 12 }, GAD7)).toBe("deteriorated");
    expect(classifyTalkingTherapies({ pre: 7, post: 0 }, GAD7)).toBe("not_case");
  });
});

describe("parameters from the measure definitions", () => {
  const def = (id: string) => measureDefinition(id) as MeasureDefinition;

  it("leaves out every instrument without verified test–retest reliability and SD, saying why", () => {
    for (const d of MEASURE_LIBRARY) {
      const judged = jacobsonTruaxFor(d);
      if (d.jacobsonTruax?.verified && d.cutoff?.verified && typeof d.cutoff.value === "number") {
        expect(judged.excluded, d.id).toBe(false);
      } else {
        expect(judged.excluded, d.id).toBe(true);
        if (judged.excluded) expect(judged.reason).toMatch(/^Not included: /);
      }
    }
    const phq9 = jacobsonTruaxFor(def("phq-9"));
    expect(phq9.excluded && phq9.reason).toContain("no published test–retest reliability and standard deviation");
  });

  it("applies verified parameters, inverted for a well-being scale", () => {
    const who5 = def("who-5");
    const withParams: MeasureDefinition = {
      ...who5,
      jacobsonTruax: {
        testRetestReliability: 0.84,
        sd: 5,
        sdBasis: "test sample",
        reference: { authors: "A B", title: "T", journal: "J", year: 2000 },
        verified: true,
      },
    };
    const judged = jacobsonTruaxFor(withParams);
    expect(judged.excluded).toBe(false);
    if (judged.excluded) return;
    expect(judged.parameters.reliableChangePoints).toBe(5.54);
    expect(judged.parameters.cutoff).toBe("below 13");
    expect(judged.parameters.references[0]?.title).toBe("T");
    expect(judged.classify({ pre: 8, post: 14 })).toBe("recovered");
    const unverified = jacobsonTruaxFor({
      ...withParams,
      jacobsonTruax: { ...withParams.jacobsonTruax!, verified: false },
    });
    expect(unverified.excluded && unverified.reason).toContain("not verified against their publication");
  });

  it("uses NHS Talking Therapies thresholds for the PHQ-9 (6, caseness 10) and GAD-7 (4, caseness 8) only", () => {
    const phq9 = talkingTherapiesFor(def("phq-9"));
    const gad7 = talkingTherapiesFor(def("gad-7"));
    expect(phq9.excluded).toBe(false);
    expect(gad7.excluded).toBe(false);
    if (!phq9.excluded)
      expect([phq9.parameters.reliableChangePoints, phq9.parameters.caseness]).toEqual([6, "10 or more"]);
    if (!gad7.excluded)
      expect([gad7.parameters.reliableChangePoints, gad7.parameters.caseness]).toEqual([4, "8 or more"]);
    const psc17 = talkingTherapiesFor(def("psc-17"));
    expect(psc17.excluded && psc17.reason).toContain("PHQ-9 and GAD-7 only");
  });
});
