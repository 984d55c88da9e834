import type { JsonSchema, SchemaBundle } from "../../shared/schema/bundle.ts";
import { absoluteRef, nodeAt, splitRef } from "./schema-walk.ts";

type TypeName = "null" | "boolean" | "object" | "array" | "number" | "string";

const ALTERNATIVES = ["oneOf", "anyOf", "allOf"] as const;
// fast-json-stringify tries a value against the types in this order, and its "string" case also
// takes any object with its own toString (an array among them): strings come last.
const TYPE_ORDER: TypeName[] = ["null", "array", "object", "boolean", "number", "string"];

function orderedTypes(types: Iterable<TypeName>): TypeName[] {
  const set = new Set(types);
  set.add("null");
  return TYPE_ORDER.filter((t) => set.has(t));
}
const SUBSCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions"] as const;

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function jsonType(value: unknown): TypeName {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean" || typeof value === "object") return typeof value as TypeName;
  return "string";
}

function typesOf(shape: JsonSchema): TypeName[] {
  return Array.isArray(shape.type) ? (shape.type as TypeName[]) : [];
}

function mapValues(map: JsonSchema, fn: (s: JsonSchema) => JsonSchema): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(map).map(([name, s]) => [name, fn(s as JsonSchema)]));
}

/**
 * Pass 1: only what decides what gets written (type, properties, items, additionalProperties,
 * format, $ref, $defs), refs made absolute (fast-json-stringify does not resolve "../x.json"
 * against a relative $id). Types are widened so that the serializer never invents a value:
 * "integer" is written as "number" (no silent truncation of 7.5 to 7), every type also admits
 * null (fast-json-stringify writes null as 0, "" or false for a plain scalar type), and const and
 * enum become the types of their values (a const is otherwise written whatever the value is).
 * Dropped: required (see serializationView), validation keywords, annotations, if/then/else/not.
 */
function normalize(node: unknown, fromId: string): JsonSchema {
  if (!isObject(node)) return {};
  const out: JsonSchema = {};
  if (typeof node.$ref === "string") out.$ref = absoluteRef(fromId, node.$ref);
  for (const key of SUBSCHEMA_MAPS) {
    const map = node[key];
    if (isObject(map)) out[key] = mapValues(map, (s) => normalize(s, fromId));
  }
  if (node.additionalProperties === true) out.additionalProperties = true;
  else if (isObject(node.additionalProperties)) out.additionalProperties = normalize(node.additionalProperties, fromId);
  if (Array.isArray(node.items)) out.items = {};
  else if (node.items !== undefined) out.items = normalize(node.items, fromId);
  if (typeof node.format === "string") out.format = node.format;
  const types = new Set<TypeName>();
  const declared =
    node.type !== undefined
      ? [node.type].flat()
      : "const" in node
        ? [jsonType(node.const)]
        : Array.isArray(node.enum)
          ? node.enum.map(jsonType)
          : out.properties || out.additionalProperties
            ? ["object"]
            : out.items
              ? ["array"]
              : [];
  for (const t of declared) types.add(t === "integer" ? "number" : (t as TypeName));
  if (types.size) out.type = orderedTypes(types);
  for (const key of ALTERNATIVES) {
    const list = node[key];
    if (Array.isArray(list)) out[key] = list.map((s) => normalize(s, fromId));
  }
  return out;
}

/**
 * Pass 2: every oneOf/anyOf/allOf is merged into one shape, the union of what its alternatives
 * list (types united, properties united), so writing never depends on which alternative a value
 * matches (fast-json-stringify would otherwise run a validator per value and throw when none
 * matches). An alternative that states no type is a rule (an anyOf of required lists, an
 * if/then), not a shape, and adds nothing. A $ref alternative is followed to what it names.
 */
class ShapeMerger {
  private readonly files = new Map<string, JsonSchema>();

  constructor(private readonly bundle: SchemaBundle) {}

  normalizedFile(id: string): JsonSchema {
    let file = this.files.get(id);
    if (!file) {
      const schema = this.bundle[id];
      if (!schema) throw new Error(`No schema "${id}" in the bundle`);
      file = normalize(schema, id);
      this.files.set(id, file);
    }
    return file;
  }

  flatten(node: JsonSchema, following: ReadonlySet<string> = new Set()): JsonSchema {
    const out: JsonSchema = { ...node };
    for (const key of SUBSCHEMA_MAPS) {
      const map = node[key];
      if (isObject(map)) out[key] = mapValues(map, (s) => this.flatten(s, following));
    }
    if (isObject(node.additionalProperties))
      out.additionalProperties = this.flatten(node.additionalProperties, following);
    if (isObject(node.items)) out.items = this.flatten(node.items, following);
    const alternatives = ALTERNATIVES.flatMap((key) => (node[key] as JsonSchema[] | undefined) ?? []);
    if (alternatives.length === 0) return out;
    for (const key of ALTERNATIVES) delete out[key];
    return this.merge([out, ...alternatives.map((a) => this.follow(this.flatten(a, following), following))], following);
  }

  /** A $ref alternative replaced by the shape it names, its own sibling keywords merged in. */
  private follow(shape: JsonSchema, following: ReadonlySet<string>): JsonSchema {
    if (typeof shape.$ref !== "string") return shape;
    const ref = shape.$ref;
    if (following.has(ref)) throw new Error(`The alternatives of ${ref} refer back to it`);
    const { id, pointer } = splitRef(ref);
    const target = nodeAt(this.normalizedFile(id), pointer);
    if (!isObject(target)) throw new Error(`$ref ${ref} points to no schema`);
    const next = new Set([...following, ref]);
    const { $ref: _ref, ...siblings } = shape;
    return this.merge([this.follow(this.flatten(target, next), next), siblings], next);
  }

  private merge(shapes: JsonSchema[], following: ReadonlySet<string>): JsonSchema {
    const [base] = shapes;
    const out: JsonSchema = {};
    for (const key of ["$defs", "definitions"] as const) if (base[key]) out[key] = base[key];
    const typed = shapes.filter((s) => typesOf(s).length > 0);
    if (typed.length === 0) return { ...base };
    out.type = orderedTypes(typed.flatMap(typesOf));
    for (const key of ["properties", "patternProperties"] as const) {
      const merged: Record<string, JsonSchema> = {};
      for (const shape of typed) {
        for (const [name, schema] of Object.entries((shape[key] as JsonSchema | undefined) ?? {})) {
          const existing: JsonSchema | undefined = merged[name];
          merged[name] =
            !existing || JSON.stringify(existing) === JSON.stringify(schema)
              ? (schema as JsonSchema)
              : this.merge([this.follow(existing, following), this.follow(schema as JsonSchema, following)], following);
        }
      }
      if (Object.keys(merged).length) out[key] = merged;
    }
    const extra = typed.map((s) => s.additionalProperties).filter((a) => a !== undefined);
    if (extra.includes(true)) out.additionalProperties = true;
    else if (extra.length)
      out.additionalProperties = this.merge(
        extra.map((a) => this.follow(a as JsonSchema, following)),
        following,
      );
    const items = typed.map((s) => s.items).filter(isObject);
    if (items.length)
      out.items = this.merge(
        items.map((i) => this.follow(i, following)),
        following,
      );
    const formats = new Set(typed.map((s) => s.format));
    if (formats.size === 1 && typeof typed[0].format === "string") out.format = typed[0].format;
    return out;
  }
}

/**
 * The bundle as the response serializer reads it (response-serialization.ts): each schema's
 * shape, keyed and $id'd by its id. `required` is dropped everywhere: serializing writes what a
 * value holds and never refuses a value for what it lacks. (Entity schemas list the fields a
 * request must send, and a record read back need not carry them all; a response shape's
 * required list is what its answers always hold, checked under test by response-check.ts.)
 */
export function serializationView(bundle: SchemaBundle): SchemaBundle {
  const merger = new ShapeMerger(bundle);
  return Object.fromEntries(
    Object.keys(bundle).map((id) => [id, { ...merger.flatten(merger.normalizedFile(id)), $id: id }]),
  );
}

/** A route's response schema (inline, its refs bundle ids) in the same shape-only form. */
export function serializationShape(bundle: SchemaBundle, schema: JsonSchema): JsonSchema {
  return new ShapeMerger(bundle).flatten(normalize(schema, ""));
}
