import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { MEASURE_LIBRARY, measureDefinition, shippedMeasures } from "../../../src/shared/measures/library.ts";
import { allQuestions } from "../../../src/shared/measures/questions.ts";
import type { MeasureDefinition } from "../../../src/shared/measures/types.ts";
import { createDefinitionValidator } from "../../../src/shared/measures/validate-definition.ts";
import { defaultBundle, schemaById } from "../../../src/shared/schema/bundle.ts";
import { AJV_OPTIONS, configureAjv } from "../../../src/shared/validation/ajv-config.ts";

const MEASURES_DIR = path.resolve("measures");
const files = readdirSync(MEASURES_DIR)
  .filter((f) => f.endsWith(".json"))
  .sort();
const fromFile = (file: string) => JSON.parse(readFileSync(path.join(MEASURES_DIR, file), "utf8")) as MeasureDefinition;
const def = (id: string) => {
  const found = measureDefinition(id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};
const text = (id: string, questionId: string) => allQuestions(def(id)).find((q) => q.id === questionId)?.text;
const labels = (id: string, questionId: string) =>
  allQuestions(def(id))
    .find((q) => q.id === questionId)
    ?.options?.map((o) => `${o.label}=${o.score}`);

/** The instruments measures.json marks shipByDefault (twelve), and those it does not. */
const SHIPPED = [
  "PHQ-9",
  "GAD-7",
  "PHQ-2",
  "GAD-2",
  "PCL-5",
  "AUDIT",
  "AUDIT-C",
  "K10",
  "K6",
  "WHO-5",
  "CORE-10",
  "PSC-17",
];
const RESTRICTED = /EPDS|PROMIS|Vanderbilt|C-SSRS|PHQ-A|SCARED|OQ-45/i;

describe("measure definition files (measures/)", () => {
  it("every file passes the schema with the project's shared ajv configuration", () => {
    const ajv = configureAjv(new Ajv(AJV_OPTIONS));
    ajv.addSchema(schemaById(defaultBundle, "enums/license-status.json"));
    const validate = ajv.compile(schemaById(defaultBundle, "measures/measure-definition.json"));
    for (const file of files) {
      expect(validate(fromFile(file)), `${file}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it("every file passes the cross-field checks and is named after its id", () => {
    const validate = createDefinitionValidator();
    for (const file of files) {
      const data = fromFile(file);
      expect(validate(data), file).toEqual({ ok: true, definition: data });
      expect(`${data.id}.json`).toBe(file);
    }
  });

  it("the library lists every file, once, with the file's content", () => {
    expect(MEASURE_LIBRARY.map((d) => `${d.id}.json`).sort()).toEqual(files);
    for (const d of MEASURE_LIBRARY) expect(d).toEqual(fromFile(`${d.id}.json`));
  });

  it("ships exactly the twelve freely reproducible instruments and none of the restricted ones", () => {
    expect(
      shippedMeasures()
        .map((d) => d.abbreviation)
        .sort(),
    ).toEqual([...SHIPPED].sort());
    for (const d of MEASURE_LIBRARY) {
      expect(d.abbreviation).not.toMatch(RESTRICTED);
      expect(d.name).not.toMatch(RESTRICTED);
    }
  });

  it.each([
    ["phq-9", 10, 9],
    ["gad-7", 7, 7],
    ["phq-2", 2, 2],
    ["gad-2", 2, 2],
    ["pcl-5", 20, 20],
    ["audit", 10, 10],
    ["audit-c", 3, 3],
    ["k10", 10, 10],
    ["k6", 6, 6],
    ["who-5", 5, 5],
    ["core-10", 10, 10],
    ["psc-17", 17, 17],
  ])("%s has %i questions, %i of them scored", (id, questions, scored) => {
    expect(allQuestions(def(id))).toHaveLength(questions);
    expect(def(id).questionCount).toBe(questions);
    expect(def(id).scoring?.items).toHaveLength(scored);
  });

  it("item texts are the reference's, character for character", () => {
    expect(text("phq-9", "q9")).toBe("Thoughts that you would be better off dead or of hurting yourself in some way");
    expect(text("phq-9", "q6")).toBe(
      "Feeling bad about yourself — or that you are a failure or have let yourself or your family down",
    );
    expect(text("phq-9", "q10")).toBe(
      "If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?",
    );
    expect(text("gad-7", "q1")).toBe("Feeling nervous, anxious or on edge");
    expect(text("gad-7", "q7")).toBe("Feeling afraid as if something awful might happen");
    expect(text("pcl-5", "q10")).toBe(
      "Blaming yourself or someone else for the stressful experience or what happened after it",
    );
    expect(text("pcl-5", "q17")).toBe("Being “superalert” or watchful or on guard?");
    expect(text("audit", "q10")).toBe(
      "Has a relative or friend or a doctor or another health worker been concerned about your drinking or suggested you cut down?",
    );
    expect(text("audit-c", "q3")).toBe("How often did you have 6 or more drinks on one occasion in the past year?");
    expect(text("k10", "q1")).toBe("In the past 4 weeks, about how often did you feel tired out for no good reason?");
    expect(text("k6", "q4")).toBe(
      "During the last 30 days, about how often did you feel so depressed that nothing could cheer you up?",
    );
    expect(text("who-5", "q5")).toBe("My daily life has been filled with things that interest me");
    expect(text("core-10", "q6")).toBe("I made plans to end my life");
    expect(text("psc-17", "q13")).toBe("Does not understand other people’s feelings");
  });

  it("option labels and scores are the reference's, including the reversed CORE-10 items", () => {
    // GAD-7's 0 option is "Not at all", not the misprinted "Not at all sure".
    expect(labels("gad-7", "q1")).toEqual([
      "Not at all=0",
      "Several days=1",
      "More than half the days=2",
      "Nearly every day=3",
    ]);
    expect(labels("core-10", "q1")).toEqual([
      "Not at all=0",
      "Only occasionally=1",
      "Sometimes=2",
      "Often=3",
      "Most or all of the time=4",
    ]);
    expect(labels("core-10", "q2")).toEqual([
      "Not at all=4",
      "Only occasionally=3",
      "Sometimes=2",
      "Often=1",
      "Most or all of the time=0",
    ]);
    expect(labels("audit", "q9")).toEqual(["No=0", "Yes, but not in the last year=2", "Yes, during the last year=4"]);
    expect(labels("audit-c", "q2")?.[0]).toBe("0, 1, or 2=0");
    expect(labels("k10", "q1")?.[0]).toBe("None of the time=1");
    expect(labels("k6", "q1")?.[0]).toBe("None of the time=0");
    expect(labels("phq-9", "q10")).toEqual([
      "Not difficult at all=null",
      "Somewhat difficult=null",
      "Very difficult=null",
      "Extremely difficult=null",
    ]);
    expect(
      allQuestions(def("core-10"))
        .filter((q) => q.reverse)
        .map((q) => q.id),
    ).toEqual(["q2", "q3"]);
  });

  it("every measure has a respondent-facing title without its name, abbreviation or a diagnostic word", () => {
    const required = schemaById(defaultBundle, "measures/measure-definition.json").required ?? [];
    expect(required).toContain("respondentTitle");
    const DIAGNOSTIC =
      /depress|anxi|suicid|ptsd|post-?traumatic|trauma|disorder|alcohol use|distress|symptom|screen|checklist|mental illness/i;
    for (const file of files) {
      const d = fromFile(file);
      const title = d.respondentTitle;
      expect(title, file).toMatch(/\w/);
      expect(title.toLowerCase(), file).not.toContain(d.abbreviation.toLowerCase());
      expect(title.toLowerCase(), file).not.toContain(d.name.toLowerCase());
      expect(title.toLowerCase(), file).not.toContain(d.shortName.toLowerCase());
      expect(title, file).not.toMatch(DIAGNOSTIC);
    }
  });

  it("every measure tells a clinician what it measures and cites its published references", () => {
    for (const file of files) {
      const d = fromFile(file);
      expect(d.purpose.length, file).toBeGreaterThan(20);
      expect(d.license.summary.length, file).toBeGreaterThan(20);
      expect(d.references.length, file).toBeGreaterThan(0);
      for (const ref of d.references) {
        expect(ref.authors, file).toMatch(/^[A-Z]/);
        expect(ref.year, file).toBeGreaterThan(1950);
      }
      // The clinician-facing texts carry no research provenance (repository paths, tools, hashes).
      const shown = [d.purpose, d.license.summary, d.ageRange.text, d.cutoff?.meaning ?? ""].join(" ");
      expect(shown, file).not.toMatch(/camcops|github|[0-9a-f]{40}|find_string|sources read|NOT VERIFIED/i);
    }
  });

  it("every shipped measure carries its licence text and sources", () => {
    for (const d of shippedMeasures()) {
      expect(d.license.text.length, d.id).toBeGreaterThan(20);
      expect(d.source.length, d.id).toBeGreaterThan(0);
    }
    expect(def("core-10").license.status).toBe("free-no-derivatives");
    expect(def("core-10").license.summary).toContain("Creative Commons Attribution-NoDerivatives 4.0");
    expect(def("who-5").license.text).toContain("CC BY-NC-SA 3.0 IGO");
  });

  it("LOINC codes where the reference gives them", () => {
    expect(def("phq-9").loinc).toMatchObject({ panel: "44249-1", total: "44261-6" });
    expect(allQuestions(def("phq-9")).find((q) => q.id === "q9")?.loinc).toBe("44260-8");
    expect(allQuestions(def("phq-9")).find((q) => q.id === "q1")?.options?.[0].loinc).toBe("LA6568-5");
    expect(def("gad-7").loinc).toMatchObject({ panel: "69737-5", total: "70274-6" });
    expect(def("phq-2").loinc).toMatchObject({ panel: "55757-9", total: "55758-7", verified: "secondary" });
    expect(def("audit-c").loinc).toMatchObject({ panel: "72109-2", total: "75626-2" });
    expect(def("audit").loinc).toMatchObject({ total: "75624-7", verified: "secondary" });
    expect(def("k10").loinc).toBeNull();
  });

  it("unverified values are marked and kept out of behaviour", () => {
    for (const d of MEASURE_LIBRARY) {
      const listed = new Set(d.unverified.map((u) => u.field));
      if (d.cutoff && !d.cutoff.verified) expect(listed.has("cutoff"), d.id).toBe(true);
      if (d.rci && !d.rci.verified) expect(listed.has("rci"), d.id).toBe(true);
      if (!d.instructions.verified) expect(listed.has("instructions"), d.id).toBe(true);
    }
    expect(def("k6").cutoff).toMatchObject({ value: 13, verified: false });
    expect(def("core-10").rci).toMatchObject({ value: 6, verified: false });
    expect(def("pcl-5").rci).toMatchObject({ value: null, verified: false });
    expect(def("pcl-5").bands).toEqual([]);
    // No maximum-missing rule is verified for these, so every item is required.
    for (const id of ["phq-9", "gad-7", "pcl-5", "k6", "core-10", "audit"]) {
      expect(def(id).scoring?.missing.maxMissing, id).toBe(0);
      expect(
        def(id).unverified.some((u) => u.field === "scoring.missing"),
        id,
      ).toBe(true);
    }
  });

  it("only the reference's critical items raise alerts: PHQ-9 item 9 and CORE-10 item 6", () => {
    const rules = MEASURE_LIBRARY.flatMap((d) =>
      d.alerts.map((a) => `${d.id} ${a.questionId} ${a.operator} ${a.value} ${a.level}`),
    );
    expect(rules.sort()).toEqual(["core-10 q6 > 0 critical", "phq-9 q9 > 0 critical"]);
  });
});
