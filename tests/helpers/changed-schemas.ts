import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SchemaBundle } from "../../src/shared/schema/bundle.ts";

/** The field a product owner adds in the field-change test (issue 2 §5). */
export const NEW_FIELD = {
  name: "preferred_language",
  title: "Preferred language",
  wrongTypeMessage: "Preferred language is not valid",
};

// biome-ignore lint/suspicious/noExplicitAny: free-form schema JSON edited the way a person would edit the file
type Json = Record<string, any>;

function editJson(file: string, edit: (json: Json) => void) {
  const json = JSON.parse(readFileSync(file, "utf8"));
  edit(json);
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

/**
 * Does what a product owner would: copies schemas/, adds an optional field to the patient entity,
 * its form entry and a table column — only JSON — and runs the real codegen CLI on the copy.
 */
export function schemasWithNewPatientField(): { bundle: SchemaBundle; generatedDir: string; cleanup(): void } {
  const root = mkdtempSync(path.join(tmpdir(), "mbc-field-change-"));
  const schemasDir = path.join(root, "schemas");
  const generatedDir = path.join(root, "generated");
  cpSync(path.resolve("schemas"), schemasDir, { recursive: true });

  editJson(path.join(schemasDir, "entities/patient.json"), (entity) => {
    entity.properties[NEW_FIELD.name] = {
      type: ["string", "null"],
      title: NEW_FIELD.title,
      maxLength: 40,
      "x-normalize": "trim",
      errorMessage: { type: NEW_FIELD.wrongTypeMessage, maxLength: NEW_FIELD.wrongTypeMessage },
    };
  });
  editJson(path.join(schemasDir, "forms/patient.form.json"), (form) => {
    form.uiSchema[NEW_FIELD.name] = { "ui:placeholder": "e.g. Spanish" };
  });
  editJson(path.join(schemasDir, "tables/patients.table.json"), (table) => {
    table.columns.push({ field: NEW_FIELD.name, header: NEW_FIELD.title, sortable: true });
  });

  const run = spawnSync("npx", ["tsx", "scripts/codegen.ts", "--schemas", schemasDir, "--out", generatedDir], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`codegen failed: ${run.stderr}`);
  const bundle = JSON.parse(readFileSync(path.join(generatedDir, "schema-bundle.json"), "utf8")) as SchemaBundle;
  return { bundle, generatedDir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
