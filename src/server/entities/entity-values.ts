import type { EntityValues } from "./entity-definition.ts";
import type { EntityModel } from "./entity-model.ts";

/**
 * Sorts a validated body into where each field is stored. A save states the whole editable
 * record (PUT replaces, it does not patch): an optional field left out is stored as its schema
 * default, or null; a relation left out becomes empty; readOnly fields in the body are ignored.
 */
export function splitBody(model: EntityModel, body: Record<string, unknown>): EntityValues {
  const values: EntityValues = { body, columns: {}, extra: {}, relations: [] };
  for (const field of model.fields) {
    const value = body[field.field];
    if (field.kind === "column" && !field.readOnly) {
      values.columns[field.column] = value !== undefined ? value : field.default;
    } else if (field.kind === "relation") {
      values.relations.push({ field: field.field, spec: field.relation, ids: Array.isArray(value) ? value : [] });
    } else if (field.kind === "extra") {
      const stored = value !== undefined ? value : field.default;
      if (stored !== null && stored !== undefined) values.extra[field.field] = stored;
    }
  }
  return values;
}

/**
 * The extra JSONB after a save: the body's extra fields over the keys of fields since removed
 * from the schema, which are kept so a schema change never destroys stored data.
 */
export function mergedExtra(model: EntityModel, stored: unknown, values: EntityValues): Record<string, unknown> {
  const schemaFields = new Set(model.fields.map((f) => f.field));
  const kept = Object.entries((stored ?? {}) as Record<string, unknown>).filter(([key]) => !schemaFields.has(key));
  return { ...Object.fromEntries(kept), ...values.extra };
}
