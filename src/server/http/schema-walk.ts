import path from "node:path";
import type { JsonSchema } from "../../shared/schema/bundle.ts";

/** Keywords whose value maps names to subschemas (a property called "required" is a name, not a keyword). */
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
/** Keywords whose value is one subschema (or, for items, a list of them). */
const SCHEMA_VALUES = [
  "items",
  "additionalProperties",
  "additionalItems",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedProperties",
  "unevaluatedItems",
];
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A copy of a schema with `edit` applied to it and to every subschema below it, top down. Only
 * keywords that hold schemas are entered, so data (enum, const, default, examples) and property
 * names are never mistaken for keywords. `edit` gets a shallow copy it may change.
 */
export function mapSchema(schema: JsonSchema, edit: (node: JsonSchema) => JsonSchema): JsonSchema {
  const node = edit({ ...schema });
  const sub = (value: unknown): unknown => (isSchema(value) ? mapSchema(value, edit) : value);
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (isSchema(map)) node[key] = Object.fromEntries(Object.entries(map).map(([name, s]) => [name, sub(s)]));
  }
  for (const key of SCHEMA_VALUES) {
    const value = node[key];
    if (Array.isArray(value)) node[key] = value.map(sub);
    else if (value !== undefined) node[key] = sub(value);
  }
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) node[key] = list.map(sub);
  }
  return node;
}

/**
 * A $ref as the bundle id it names, with its #fragment: in entities/location.json
 * "../enums/state.json" is "enums/state.json", and "#/$defs/id" in api/id-params.json is
 * "api/id-params.json#/$defs/id". A route-level schema has no id (""): its refs are ids already.
 */
export function absoluteRef(fromId: string, ref: string): string {
  const hash = ref.indexOf("#");
  const file = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? "" : ref.slice(hash);
  const id = file ? path.posix.normalize(path.posix.join(path.posix.dirname(fromId), file)) : fromId;
  return `${id}${fragment === "#" ? "" : fragment}`;
}

/** The id and JSON pointer ("" for the whole schema) of an absolute ref. */
export function splitRef(ref: string): { id: string; pointer: string } {
  const hash = ref.indexOf("#");
  return hash < 0 ? { id: ref, pointer: "" } : { id: ref.slice(0, hash), pointer: ref.slice(hash + 1) };
}

/** The node a JSON pointer ("/$defs/id") names inside a schema. */
export function nodeAt(schema: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .filter(Boolean)
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], schema);
}
