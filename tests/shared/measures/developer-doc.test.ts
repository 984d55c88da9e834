import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { measuresDeveloperDoc } from "../../../src/shared/measures/developer-doc.ts";
import { MEASURE_LIBRARY } from "../../../src/shared/measures/library.ts";

describe("docs/measures.md", () => {
  const doc = measuresDeveloperDoc(MEASURE_LIBRARY);

  it("is the one written from the current definitions (run npx tsx scripts/measures-doc.ts)", () => {
    expect(readFileSync("docs/measures.md", "utf8")).toBe(doc);
  });

  it("keeps each definition's sources and unverified fields for developers, naming no internet host", () => {
    expect(doc).toContain("## PHQ-9 — Patient Health Questionnaire-9");
    expect(doc).toContain("ucam-department-of-psychiatry/camcops@");
    expect(doc).toContain("`scoring.missing`: Maximum missing items NOT VERIFIED");
    for (const def of MEASURE_LIBRARY) expect(doc).toContain(`measures/${def.id}.json`);
    expect(doc).not.toMatch(/https?:\/\/|\bwww\.|\.com\b|phqscreeners|harvard\.edu/i);
  });
});
