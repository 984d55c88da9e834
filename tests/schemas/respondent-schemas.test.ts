import { describe, expect, it } from "vitest";
import { defaultBundle, type JsonSchema, schemaById } from "../../src/shared/schema/bundle.ts";
import { SchemaValidator } from "../../src/shared/validation/validator.ts";

const ENTITY = "entities/respondent.json";
const REQUESTS = ["api/respondents-exist-query.json"];

/**
 * Adding and editing a respondent send the entity itself (entities/respondent.json); the exist
 * query refers to the entity's rules with $ref. Normalization reads only the top level, so it
 * repeats the entity field's x-normalize and title. This keeps them equal.
 */
describe("respondent request schemas", () => {
  const entity = schemaById(defaultBundle, ENTITY).properties ?? {};

  it.each(REQUESTS)("%s repeats the entity's x-normalize and title beside every $ref", (id) => {
    const properties = schemaById(defaultBundle, id).properties ?? {};
    const referring = Object.entries(properties).filter(([, p]) => typeof p.$ref === "string");
    expect(referring.length).toBeGreaterThan(0);
    for (const [name, property] of referring) {
      const target = (property.$ref as string).split("#/properties/")[1];
      const field = entity[target] as JsonSchema | undefined;
      expect(field, `${id} ${name}`).toBeDefined();
      expect(property["x-normalize"], `${id} ${name} x-normalize`).toBe(field?.["x-normalize"]);
      expect(property.title, `${id} ${name} title`).toBe(field?.title);
    }
  });

  it("validates the entity's example as an edit (with its version) and as a creation (with its chart)", () => {
    const validator = new SchemaValidator(defaultBundle);
    const example = (schemaById(defaultBundle, ENTITY).examples as object[])[0];
    expect(validator.validate(ENTITY, example)).toMatchObject({ ok: true });
    expect(validator.validate(ENTITY, { ...example, version: 3 })).toMatchObject({ ok: true });
    expect(validator.validate(ENTITY, { ...example, ccaId: 1, existingUserId: 2 })).toMatchObject({ ok: true });
    expect(validator.validate(ENTITY, { ...example, ccaId: "abc" })).toEqual({
      ok: false,
      errors: [{ field: "ccaId", message: "Chart id is not valid" }],
    });
  });
});
