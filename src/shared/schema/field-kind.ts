import { type JsonSchema, resolveRef, type SchemaBundle, schemaById } from "./bundle.ts";

/**
 * The one place that decides what kind of value a field holds (STYLE habit 3). Form widgets,
 * table cells, read-only views and chart axes all ask this function, so a new field shows the
 * same way everywhere without per-field code.
 */
export type FieldKind =
  | "text"
  | "email"
  | "date"
  | "datetime"
  | "enum"
  | "boolean"
  | "phone"
  | "integer"
  | "number"
  /** A whole-number percentage (0-100), shown with its sign: "67%". */
  | "percent"
  | "clinicians"
  | "clinicianTeams"
  | "locations"
  /** One location's id (where a program runs). */
  | "location"
  | "supervisors"
  /** One program type's id (programs' type picker). */
  | "programType"
  /** One program's id (a program's parent). */
  | "program"
  /** One measure of the library (a program measure). */
  | "measure"
  | "stringList"
  | "integerList"
  | "alertCount"
  | "scoreSummary"
  | "dueStatus"
  | "scoreChange"
  | "seenMark"
  | "object"
  | "unknown";

const KINDS = new Set<string>([
  "text",
  "email",
  "date",
  "datetime",
  "enum",
  "boolean",
  "phone",
  "integer",
  "number",
  "percent",
  "clinicians",
  "clinicianTeams",
  "locations",
  "location",
  "supervisors",
  "programType",
  "program",
  "measure",
  "stringList",
  "integerList",
  "alertCount",
  "scoreSummary",
  "dueStatus",
  "scoreChange",
  "seenMark",
  "object",
  "unknown",
]);

const FORMAT_KINDS: Record<string, FieldKind> = {
  date: "date",
  "date-time": "datetime",
  email: "email",
};

/** The non-null JSON type of a schema: ["string", "null"] is a string that may be blank. */
export function primaryType(schema: JsonSchema): string | undefined {
  const { type } = schema;
  if (Array.isArray(type)) return type.find((t) => t !== "null");
  return type;
}

function isEnumeration(schema: JsonSchema): boolean {
  return Array.isArray(schema.oneOf) && schema.oneOf.length > 0 && schema.oneOf.every((o) => "const" in o);
}

/**
 * The kind of a property schema. Order of precedence: `x-kind`, then `format`, then an
 * enumeration (oneOf of consts), then the JSON type. `$ref`s to enum files are followed when the
 * bundle and the id of the schema holding the property are given.
 */
export function fieldKind(property: JsonSchema, bundle?: SchemaBundle, fromId?: string): FieldKind {
  const schema = bundle && fromId ? resolveRef(bundle, fromId, property) : property;
  const explicit = schema["x-kind"];
  if (typeof explicit === "string" && KINDS.has(explicit)) return explicit as FieldKind;
  if (typeof schema.format === "string" && FORMAT_KINDS[schema.format]) return FORMAT_KINDS[schema.format];
  if (isEnumeration(schema)) return "enum";
  switch (primaryType(schema)) {
    case "string":
      return "text";
    case "boolean":
      return "boolean";
    case "integer":
      return "integer";
    case "number":
      return "number";
    case "object":
      return "object";
    case "array": {
      const items = schema.items ?? {};
      const itemType = primaryType(bundle && fromId ? resolveRef(bundle, fromId, items) : items);
      if (itemType === "integer") return "integerList";
      if (itemType === "string") return "stringList";
      return "unknown";
    }
    default:
      return "unknown";
  }
}

/** A property of an entity with its `$ref` resolved (enum files inlined with their code/label pairs). */
export function entityProperty(bundle: SchemaBundle, entityId: string, field: string): JsonSchema | undefined {
  const property = schemaById(bundle, entityId).properties?.[field];
  return property ? resolveRef(bundle, entityId, property) : undefined;
}
