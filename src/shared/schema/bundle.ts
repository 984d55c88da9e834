import bundleJson from "../../../generated/schema-bundle.json" with { type: "json" };

/** A JSON Schema as our schemas/ write them: plain objects with x- annotations. */
export type JsonSchema = Record<string, unknown> & {
  $id?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  $ref?: string;
  const?: unknown;
};

/** Every schema of schemas/, keyed by $id (its path below schemas/). */
export type SchemaBundle = Record<string, JsonSchema>;

/** The bundle codegen wrote to generated/. Tests may build the app with another one. */
export const defaultBundle = bundleJson as unknown as SchemaBundle;

export function schemaById(bundle: SchemaBundle, id: string): JsonSchema {
  const schema = bundle[id];
  if (!schema) throw new Error(`No schema "${id}" in the bundle`);
  return schema;
}

/** Follows a whole-file $ref relative to the schema that holds it (enums referenced by entities). */
export function resolveRef(bundle: SchemaBundle, fromId: string, node: JsonSchema): JsonSchema {
  if (typeof node.$ref !== "string" || node.$ref.includes("#")) return node;
  const parts = fromId.split("/").slice(0, -1);
  for (const seg of node.$ref.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== ".") parts.push(seg);
  }
  const { $ref: _ref, ...rest } = node;
  return { ...schemaById(bundle, parts.join("/")), ...rest };
}

/** Code/label pairs of an enumeration schema (oneOf of const + title). */
export function enumOptions(schema: JsonSchema): { value: string | number; label: string }[] {
  return (schema.oneOf ?? []).map((o) => ({ value: o.const as string | number, label: String(o.title ?? o.const) }));
}
