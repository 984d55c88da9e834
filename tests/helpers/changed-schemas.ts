import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** The entity schemas that have a form: the entities a product owner edits fields of. */
export function entitiesWithForms(schemasDir = path.resolve("schemas")): { entity: string; form: string }[] {
  return readdirSync(path.join(schemasDir, "forms"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => {
      const form = JSON.parse(readFileSync(path.join(schemasDir, "forms", f), "utf8")) as Json;
      return { entity: String(form["x-entity"]), form: `forms/${f}` };
    })
    .filter((f) => f.entity.startsWith("entities/"))
    .sort((a, b) => a.entity.localeCompare(b.entity));
}

/**
 * Does what a product owner would: copies schemas/, adds an optional field to every entity that
 * has a form, to that form and to the entity's table columns — only JSON, no storage note — and
 * runs the real codegen CLI on the copy.
 */
export function schemasWithNewField(): { bundle: SchemaBundle; generatedDir: string; cleanup(): void } {
  const root = mkdtempSync(path.join(tmpdir(), "mbc-field-change-"));
  const schemasDir = path.join(root, "schemas");
  const generatedDir = path.join(root, "generated");
  cpSync(path.resolve("schemas"), schemasDir, { recursive: true });

  const entities = entitiesWithForms(schemasDir);
  for (const { entity, form } of entities) {
    editJson(path.join(schemasDir, entity), (json) => {
      json.properties[NEW_FIELD.name] = {
        type: ["string", "null"],
        title: NEW_FIELD.title,
        maxLength: 40,
        "x-normalize": "trim",
        errorMessage: { type: NEW_FIELD.wrongTypeMessage, maxLength: NEW_FIELD.wrongTypeMessage },
      };
    });
    editJson(path.join(schemasDir, form), (json) => {
      json.uiSchema[NEW_FIELD.name] = { "ui:placeholder": "e.g. Spanish" };
    });
  }
  const edited = new Set(entities.map((e) => e.entity));
  for (const file of readdirSync(path.join(schemasDir, "tables"))) {
    editJson(path.join(schemasDir, "tables", file), (table) => {
      if (!edited.has(table["x-entity"])) return;
      table.columns.push({ field: NEW_FIELD.name, header: NEW_FIELD.title, sortable: true });
    });
  }

  const run = spawnSync("npx", ["tsx", "scripts/codegen.ts", "--schemas", schemasDir, "--out", generatedDir], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`codegen failed: ${run.stderr}`);
  const bundle = JSON.parse(readFileSync(path.join(generatedDir, "schema-bundle.json"), "utf8")) as SchemaBundle;
  return { bundle, generatedDir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
