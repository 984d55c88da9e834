import { describe, expect, it } from "vitest";
import { defaultBundle, type JsonSchema, schemaById } from "../../../src/shared/schema/bundle.ts";
import { SchemaValidator } from "../../../src/shared/validation/validator.ts";

const ENTITY = "entities/respondent.json";
const REQUESTS = ["api/respondent-create.json", "api/respondent-update.json", "api/respondents-exist-query.json"];

/**
 * The respondent request schemas refer to the entity's rules with $ref; normalization reads only
 * the top level, so each repeats the entity field's x-normalize and title. This keeps them equal.
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

  it("edits every editable field of the entity, and validates the entity's example", () => {
    const update = schemaById(defaultBundle, "api/respondent-update.json").properties ?? {};
    const editable = Object.keys(entity).filter((f) => entity[f].readOnly !== true);
    expect(Object.keys(update).sort()).toEqual(editable.sort());
    const validator = new SchemaValidator(defaultBundle);
    const example = (schemaById(defaultBundle, ENTITY).examples as unknown[])[0];
    expect(validator.validate(ENTITY, example)).toMatchObject({ ok: true });
    expect(validator.validate("api/respondent-update.json", example)).toMatchObject({ ok: true });
    expect(validator.validate("api/respondent-create.json", { ...(example as object), ccaId: 1 })).toMatchObject({
      ok: true,
    });
  });
});
