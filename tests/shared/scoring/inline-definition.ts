import type { MeasureDefinition, MeasurePage } from "../../../src/shared/measures/types.ts";

/**
 * A small made-up measure for engine tests: the fields every definition needs, plus the pages and
 * rules a test is about. The tests validate it too, so it is a definition a product owner could write.
 */
export function inlineDefinition(parts: Partial<MeasureDefinition> & { pages: MeasurePage[] }): MeasureDefinition {
  const answerable = parts.pages.flatMap((p) => p.questions).filter((q) => q.type !== "prompt" && q.type !== "title");
  return {
    id: "test-measure",
    version: "1.0.0",
    abbreviation: "TEST",
    shortName: "Test measure",
    name: "Engine test measure",
    condition: "Testing",
    purpose: "Exercises the scoring engine.",
    respondent: "self",
    respondentTitle: "Test questionnaire",
    questionCount: answerable.length,
    starred: false,
    discontinued: null,
    clinicalAdministered: false,
    prePopulate: false,
    isBundleMeasure: false,
    isSafetyPlan: false,
    ageRange: { text: "any" },
    recallPeriod: "today",
    instructions: { respondent: "Answer each question.", verified: true },
    license: { status: "public-domain", summary: "Written for the tests.", text: "Written for the tests." },
    source: ["tests/shared/scoring"],
    references: [{ authors: "Test A", title: "An engine test", journal: "Tests", year: 2026 }],
    loinc: null,
    shipByDefault: false,
    bands: [],
    cutoff: null,
    rci: null,
    alerts: [],
    unverified: [],
    ...parts,
  };
}

/** Options 0..n−1 scoring their own value, labelled "0", "1", … */
export function scale(n: number) {
  const options = Array.from({ length: n }, (_, i) => ({ value: i, label: String(i), score: i }));
  return options as [(typeof options)[number], (typeof options)[number], ...(typeof options)[number][]];
}

export const YES_NO = [
  { value: "yes", label: "Yes", score: null },
  { value: "no", label: "No", score: null },
] as [{ value: string; label: string; score: null }, { value: string; label: string; score: null }];
