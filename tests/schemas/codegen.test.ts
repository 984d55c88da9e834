import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkSchemas, generate, loadMeasureLibrary, loadSchemas } from "../../scripts/codegen.ts";
import { defaultBundle } from "../../src/shared/schema/bundle.ts";

const SCHEMAS = path.resolve("schemas");

describe("codegen", () => {
  // One generation of the whole schemas/ folder (tens of seconds on a busy 2-core machine),
  // shared by the checks that read its output.
  let files: Map<string, string>;
  beforeAll(async () => {
    files = await generate(SCHEMAS);
  }, 180_000);
  const temps: string[] = [];
  afterEach(() => {
    for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
  });
  function copySchemas(): string {
    const dir = mkdtempSync(path.join(tmpdir(), "mbc-schemas-"));
    temps.push(dir);
    cpSync(SCHEMAS, dir, { recursive: true });
    return dir;
  }

  it("generated/ matches what schemas/ produce (the same check CI runs)", () => {
    for (const [file, text] of files) {
      expect(readFileSync(path.join("generated", file), "utf8"), file).toBe(text);
    }
  });

  it("emits a type per schema with the schema's description as a doc comment", () => {
    const patient = files.get("types/entities/patient.ts") ?? "";
    expect(patient).toContain("export interface Patient {");
    expect(patient).toContain('import type { Gender } from "../enums/gender.ts";');
    expect(patient).toMatch(/\* Medical record number, unique in the clinic\.\s*\n\s*\*\/\s*\n\s*mrn: string;/);
    expect(files.get("types/enums/frequency.ts")).toContain("1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11");
  });

  it("refuses a schema whose $id does not match its path", () => {
    const dir = copySchemas();
    const file = path.join(dir, "entities/location.json");
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), $id: "entities/elsewhere.json" }));
    expect(() => loadSchemas(dir)).toThrow(/\$id must be "entities\/location.json"/);
  });

  it("refuses a form or table naming a field the entity does not have", () => {
    const dir = copySchemas();
    const file = path.join(dir, "tables/patients.table.json");
    const table = JSON.parse(readFileSync(file, "utf8"));
    table.columns.push({ field: "shoe_size", header: "Shoe size" });
    writeFileSync(file, JSON.stringify(table));
    expect(() => checkSchemas(loadSchemas(dir))).toThrow(/column names unknown field shoe_size/);
  });

  it("refuses a details file naming a field the entity does not have, or showing one twice", () => {
    const dir = copySchemas();
    const file = path.join(dir, "details/patient.details.json");
    const original = JSON.parse(readFileSync(file, "utf8"));
    const withSection = (section: { title: string; fields: string[] }) =>
      writeFileSync(file, JSON.stringify({ ...original, sections: [...original.sections, section] }));
    withSection({ title: "Extras", fields: ["shoe_size"] });
    expect(() => checkSchemas(loadSchemas(dir))).toThrow(/section Extras names unknown field shoe_size/);
    withSection({ title: "Again", fields: ["mrn"] });
    expect(() => checkSchemas(loadSchemas(dir))).toThrow(/field mrn is shown twice/);
  });

  it("refuses a schema ajv cannot compile (a typo in a keyword)", () => {
    const dir = copySchemas();
    const file = path.join(dir, "entities/location.json");
    const schema = JSON.parse(readFileSync(file, "utf8"));
    schema.properties.name.minLenght = 1;
    writeFileSync(file, JSON.stringify(schema));
    expect(() => checkSchemas(loadSchemas(dir))).toThrow(/entities\/location.json: .*minLenght/);
  });

  it("bundles every measure file and refuses one that breaks the definition schema", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mbc-measures-"));
    temps.push(dir);
    cpSync(path.resolve("measures"), dir, { recursive: true });
    expect(loadMeasureLibrary(dir, defaultBundle)).toHaveLength(12);
    const phq9 = JSON.parse(readFileSync(path.join(dir, "phq-9.json"), "utf8"));
    writeFileSync(
      path.join(dir, "extra-copy.json"),
      JSON.stringify({ ...phq9, id: "extra-copy", abbreviation: "X-9" }),
    );
    expect(loadMeasureLibrary(dir, defaultBundle)).toHaveLength(13);
    writeFileSync(path.join(dir, "broken.json"), JSON.stringify({ ...phq9, id: "broken", pages: "none" }));
    expect(() => loadMeasureLibrary(dir, defaultBundle)).toThrow(/measures\/broken.json/);
  });
});
