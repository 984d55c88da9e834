import {
  enumOptions,
  type JsonSchema,
  resolveRef,
  type SchemaBundle,
  schemaById,
} from "../../../src/shared/schema/bundle.ts";
import { fieldKind, primaryType } from "../../../src/shared/schema/field-kind.ts";

/** A date and time whose text depends on the machine's time zone: snapshots show a placeholder for it. */
export const SAMPLE_DATETIME = "2026-03-01T15:30:00.000Z";

/** Ids of the records a lookup field names; the tests' lookup calls answer with these. */
export const SAMPLE_IDS = [1, 2];

/** One value of a property, chosen by its field kind, so every kind's formatting is shown. */
function sampleValue(bundle: SchemaBundle, fromId: string, property: JsonSchema): unknown {
  const resolved = resolveRef(bundle, fromId, property);
  const title = String(resolved.title ?? "value").toLowerCase();
  switch (fieldKind(property, bundle, fromId)) {
    case "text":
      return `Sample ${title}`;
    case "email":
      return "sample@example.org";
    case "phone":
      return "5551234567";
    case "date":
      return "2012-06-15";
    case "datetime":
      return SAMPLE_DATETIME;
    case "enum":
      return enumOptions(resolved)[0]?.value ?? null;
    case "boolean":
      return true;
    case "integer":
    case "number":
      return 1234;
    case "alertCount":
      return 2;
    case "percent":
      return 67;
    case "stringList": {
      const codes = resolved.items ? enumOptions(resolveRef(bundle, fromId, resolved.items)) : [];
      return codes.length ? codes.slice(0, 2).map((o) => o.value) : [`First ${title}`, `Second ${title}`];
    }
    case "integerList":
    case "clinicians":
    case "clinicianTeams":
    case "locations":
    case "supervisors":
      return SAMPLE_IDS;
    default:
      if (primaryType(resolved) === "array" && resolved.items?.properties) {
        return [sampleRecordOf(bundle, fromId, resolved.items)];
      }
      if (resolved.properties) return sampleRecordOf(bundle, fromId, resolved);
      return null;
  }
}

function sampleRecordOf(bundle: SchemaBundle, fromId: string, schema: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([field, property]) => [field, sampleValue(bundle, fromId, property)]),
  );
}

/**
 * A record of an entity with a value in every field, built from the entity schema alone: a field
 * added there is in the sample too, so the snapshots of tables and details show it at once.
 */
export function sampleRecord(bundle: SchemaBundle, entityId: string): Record<string, unknown> {
  return { id: 7, ...sampleRecordOf(bundle, entityId, schemaById(bundle, entityId)) };
}
