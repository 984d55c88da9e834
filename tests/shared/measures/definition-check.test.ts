import { describe, expect, it } from "vitest";
import { measureDefinition } from "../../../src/shared/measures/library.ts";
import type { MeasureDefinition } from "../../../src/shared/measures/types.ts";
import { createDefinitionValidator } from "../../../src/shared/measures/validate-definition.ts";

/**
 * A product owner adds a measure by writing a file; these are the mistakes the validator must
 * catch before a wrong score reaches a patient's chart.
 */
const validate = createDefinitionValidator();
const copy = (id: string): MeasureDefinition => structuredClone(measureDefinition(id) as MeasureDefinition);
const errorsOf = (data: unknown) => {
  const result = validate(data);
  return result.ok ? [] : result.errors;
};

describe("measure definition validation", () => {
  it("accepts the shipped PHQ-9", () => {
    expect(errorsOf(copy("phq-9"))).toEqual([]);
  });

  it("refuses a misspelt field, a missing licence, an unknown question type and a malformed LOINC code", () => {
    const typo = copy("gad-7") as unknown as { pages: { questions: Record<string, unknown>[] }[] };
    typo.pages[0].questions[0].requird = true;
    expect(errorsOf(typo).join("\n")).toMatch(/pages\/0\/questions\/0 must NOT have additional properties/);

    const { license: _license, ...noLicence } = copy("gad-7");
    expect(errorsOf(noLicence).join("\n")).toMatch(/must have required property 'license'/);

    const badType = copy("gad-7");
    (badType.pages[0].questions[0] as { type: string }).type = "slider";
    expect(errorsOf(badType).join("\n")).toMatch(/pages\/0\/questions\/0\/type/);

    const badLoinc = copy("phq-9");
    badLoinc.pages[0].questions[0].loinc = "44250 9";
    expect(errorsOf(badLoinc).join("\n")).toMatch(/pages\/0\/questions\/0\/loinc must match pattern/);
  });

  it("refuses a stated range the option scores do not give", () => {
    const def = copy("gad-7");
    if (def.scoring) def.scoring.range = { min: 0, max: 27 };
    expect(errorsOf(def)).toEqual([
      "scoring.range: 0–27, but the option scores give 0–21",
      "bands: must cover the score range 0–27",
    ]);
  });

  it("refuses bands with a gap or an overlap", () => {
    const gap = copy("phq-9");
    gap.bands[1] = { ...gap.bands[1], min: 6 };
    expect(errorsOf(gap)).toEqual(["bands[1] Mild: leaves a gap after None/minimal"]);
    const overlap = copy("phq-9");
    overlap.bands[1] = { ...overlap.bands[1], min: 4 };
    expect(errorsOf(overlap)).toEqual(["bands[1] Mild: overlaps or comes before None/minimal"]);
  });

  it("refuses a reverse-scored item whose scores were not reversed", () => {
    const def = copy("core-10");
    const q2 = def.pages[0].questions[1];
    q2.options?.forEach((o, i) => {
      o.score = i;
      o.value = i;
    });
    expect(errorsOf(def)).toContain("question q2: reverse-scored, but its scores do not mirror q1's");
  });

  it("refuses branching on a later or unknown question, and on a value the parent does not offer", () => {
    const later = copy("phq-2");
    later.pages[0].questions[0].parent = "q2";
    expect(errorsOf(later)).toContain("question q1: parent must name an earlier question, not q2");

    const unknown = copy("phq-2");
    unknown.pages[0].questions[1].showIf = { question: "q7", answered: true };
    expect(errorsOf(unknown)).toContain("question q2: showIf names unknown question q7");

    const badValue = copy("phq-2");
    Object.assign(badValue.pages[0].questions[1], { parent: "q1", showPrompt: [9] });
    expect(errorsOf(badValue)).toContain("question q2: showPrompt value 9 is not an option of q1");
  });

  it("refuses alerts on unknown questions or scales, and a wrong question count", () => {
    const def = copy("phq-9");
    def.alerts.push({ id: "x", questionId: "q99", operator: ">", value: 0, level: "critical", message: "x" });
    def.alerts.push({ id: "y", scale: "mood", operator: ">", value: 0, level: "warning", message: "y" });
    def.questionCount = 9;
    expect(errorsOf(def)).toEqual([
      "questionCount: 9, but 10 questions can be answered",
      "alert x: unknown question q99",
      "alert y: unknown scale mood",
    ]);
  });

  it("refuses a cut-off giving both a single value and per-sex values, and an unscored item in the total", () => {
    const def = copy("audit-c");
    if (def.cutoff) def.cutoff.value = 4;
    expect(errorsOf(def)).toEqual(["cutoff: give either value or bySex"]);
    const phq9 = copy("phq-9");
    phq9.scoring?.items.push("q10");
    expect(errorsOf(phq9)).toContain("scoring.items: question q10: every option of a scored question needs a score");
  });

  it("refuses an allowance for missing items without saying how they count", () => {
    const def = copy("k10");
    if (def.scoring) delete def.scoring.missing.treatment;
    expect(errorsOf(def)).toEqual(["scoring.missing.treatment: say how missing items count"]);
  });
});
