import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { entitiesWithForms, NEW_FIELD, schemasWithNewField } from "../../helpers/changed-schemas.ts";
import { ENTITY_CASES } from "../../helpers/entity-cases.ts";
import { settingsSuite } from "../../helpers/settings.ts";
import { DATABASES } from "../../helpers/test-app.ts";

/**
 * The field-change promise (issue 7 §6), server half, for every entity that has a form: a field
 * added only in schemas/ (entity, form, table; no storage note) is validated by the API with the
 * schema's message, survives save-and-load through the database (in the entity's `extra`), sorts
 * the entity's list, and appears in the OpenAPI document, with no hand-written source changed.
 * The client half (form and table) is tests/client/renderers/field-change.test.tsx.
 */
const changed = schemasWithNewField();
afterAll(() => changed.cleanup());

it("every entity with a form has a case in tests/helpers/entity-cases.ts", () => {
  const covered = ENTITY_CASES.map((c) => c.entity).sort();
  expect(covered).toEqual(entitiesWithForms().map((e) => e.entity));
});

describe.each(ENTITY_CASES)("a schema-only field of $entity", (entityCase) => {
  it("is emitted into the entity's generated type", () => {
    const types = readFileSync(
      path.join(changed.generatedDir, "types", entityCase.entity.replace(/json$/, "ts")),
      "utf8",
    );
    expect(types).toMatch(new RegExp(`${NEW_FIELD.name}\\?: string \\| null;`));
  });
});

describe.each(DATABASES)("schema-only fields on $name", (database) => {
  // One app on the changed schemas for every entity: each case creates its own records.
  const s = settingsSuite(database, "fc", { bundle: changed.bundle });

  describe.each(ENTITY_CASES)("of $entity", (entityCase) => {
    it("is saved (normalised), read back from the entity's extra column, and edited", async () => {
      const created = await entityCase.create(s, { [NEW_FIELD.name]: "  Spanish " });
      const read = await entityCase.read(s, created.id);
      expect(read[NEW_FIELD.name]).toBe("Spanish");
      const stored = await sql<{ v: string }>`select extra->>${NEW_FIELD.name} as v
        from ${sql.table(entityCase.table)} where id = ${created.id}`.execute(s.db);
      expect(stored.rows[0].v).toBe("Spanish");

      const { url, body } = entityCase.update(read, { [NEW_FIELD.name]: "Tagalog" });
      const saved = await s.call("PUT", url, body);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await entityCase.read(s, created.id))[NEW_FIELD.name]).toBe("Tagalog");
    });

    it("refuses a value of the wrong type with the schema's message and changes nothing", async () => {
      const created = await entityCase.create(s, { [NEW_FIELD.name]: "Amharic" });
      const { url, body } = entityCase.update(created, { [NEW_FIELD.name]: 42 });
      const res = await s.call("PUT", url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: NEW_FIELD.name, message: NEW_FIELD.wrongTypeMessage }]);
      expect(await entityCase.read(s, created.id)).toEqual(created);
    });

    it("is in the OpenAPI document", async () => {
      const res = await s.call("GET", "/api/openapi.json");
      expect(res.statusCode).toBe(200);
      const title = changed.bundle[entityCase.entity].title as string;
      const component = res.json().components.schemas[title];
      expect(component?.properties?.[NEW_FIELD.name]).toMatchObject({ type: ["string", "null"], maxLength: 40 });
    });
  });
});

describe.each(DATABASES)("the unchanged schemas on $name", (database) => {
  const s = settingsSuite(database, "fcplain");
  it("still refuse the field (the change really came from the schema)", async () => {
    const res = await s.call("POST", "/api/location", { name: "Plain", [NEW_FIELD.name]: "Spanish" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: NEW_FIELD.name, message: "That field is not part of a location" }]);
  });
});
