import { primaryType } from "../../shared/schema/field-kind.ts";
import { normalizeRecord } from "../../shared/validation/normalize.ts";
import type { FormDefinition } from "./form-definition.ts";

export type FormRecord = Record<string, unknown>;

/** The editable part of a stored record, as the form holds it (nulls become empty inputs). */
export function formDataFromRecord(def: FormDefinition, record: FormRecord | undefined): FormRecord {
  const data: FormRecord = {};
  for (const field of def.fields) {
    const value = record?.[field];
    if (value !== null && value !== undefined) data[field] = value;
  }
  return data;
}

/**
 * What the form sends: its editable fields only, an emptied optional field sent as null (or an
 * empty list) so an update clears it rather than leaving the old value, then the schema's
 * x-normalize rules, exactly as the server applies them before validating.
 */
export function recordFromFormData(def: FormDefinition, data: FormRecord | undefined): FormRecord {
  const record: FormRecord = {};
  const properties = def.entity.properties ?? {};
  for (const field of def.fields) {
    const value = data?.[field];
    if (value !== undefined) {
      record[field] = value;
      continue;
    }
    const property = properties[field];
    const types = Array.isArray(property.type) ? property.type : [property.type];
    if (types.includes("null")) record[field] = null;
    else if (primaryType(property) === "array") record[field] = [];
  }
  return normalizeRecord(def.entity, record);
}

/** Whether two records hold the same values in the form's fields (what a save would send). */
export function sameFormData(def: FormDefinition, a: FormRecord | undefined, b: FormRecord | undefined): boolean {
  return JSON.stringify(formDataFromRecord(def, a)) === JSON.stringify(formDataFromRecord(def, b));
}
