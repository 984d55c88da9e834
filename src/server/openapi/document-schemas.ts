import { type JsonSchema, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import { ANNOTATION_KEYWORDS } from "../../shared/validation/ajv-config.ts";
import { absoluteRef, mapSchema, nodeAt, splitRef } from "../http/schema-walk.ts";

export const COMPONENTS_PREFIX = "#/components/schemas/";

/**
 * Our own keywords, left out of the document: they instruct our storage (x-table, x-column),
 * normalisation (x-normalize), renderers (uiSchema, x-kind) and messages (errorMessage), and are
 * not part of what goes over the wire. OpenAPI tools would read an x- keyword as theirs.
 */
function isOwnKeyword(key: string): boolean {
  return key === "errorMessage" || key.startsWith("x-") || (ANNOTATION_KEYWORDS as readonly string[]).includes(key);
}

/**
 * The bundle's schemas as OpenAPI 3.1 components (issue 7 §3): each named by its title (which
 * codegen also names the generated type by), its $refs pointing into #/components/schemas.
 * A JSON pointer below a component stays valid ("api/id-params.json#/$defs/id" is
 * "#/components/schemas/IdParams/$defs/id"): OpenAPI 3.1 schemas are JSON Schema 2020-12.
 */
export class DocumentSchemas {
  private readonly names = new Map<string, string>();
  private readonly ids = new Map<string, string>();

  constructor(readonly bundle: SchemaBundle) {
    for (const [id, schema] of Object.entries(bundle)) {
      const title = typeof schema.title === "string" && /^[A-Za-z0-9._-]+$/.test(schema.title) ? schema.title : "";
      // Titles are unique today; should two ever meet, the second is named by its id.
      const name = title && !this.ids.has(title) ? title : id.replace(/[^A-Za-z0-9._-]/g, "_");
      this.names.set(id, name);
      this.ids.set(name, id);
    }
  }

  /** The component reference for an absolute ref ("entities/location.json", "api/x.json#/$defs/id"). */
  refTo(ref: string): string {
    const { id, pointer } = splitRef(ref);
    const name = this.names.get(id);
    if (!name) throw new Error(`$ref ${ref} names no schema of the bundle`);
    return `${COMPONENTS_PREFIX}${name}${pointer}`;
  }

  /** A schema written in the file `fromId` ("" for a route), ready for the document. */
  rewrite(schema: JsonSchema, fromId: string): JsonSchema {
    return mapSchema(schema, (node) => {
      for (const key of Object.keys(node)) if (key === "$id" || isOwnKeyword(key)) delete node[key];
      if (typeof node.$ref === "string") node.$ref = this.refTo(absoluteRef(fromId, node.$ref));
      return node;
    });
  }

  /** The schema an absolute ref names, and the file its own $refs are relative to. */
  resolve(ref: string): { schema: JsonSchema; fromId: string } {
    const { id, pointer } = splitRef(ref);
    const schema = nodeAt(schemaById(this.bundle, id), pointer) as JsonSchema | undefined;
    if (!schema) throw new Error(`$ref ${ref} points to no schema`);
    return { schema, fromId: id };
  }

  /** Components for the named ones and every schema they refer to, by name. */
  components(names: Iterable<string>): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    const queue = [...names];
    while (queue.length > 0) {
      const name = queue.shift() as string;
      const id = this.ids.get(name);
      if (!id || out[name]) continue;
      out[name] = this.rewrite(schemaById(this.bundle, id), id);
      queue.push(...referencedComponents(out[name]));
    }
    return out;
  }
}

/** Names of the components a part of the document refers to. */
export function referencedComponents(node: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "$ref" && typeof inner === "string" && inner.startsWith(COMPONENTS_PREFIX))
          found.add(inner.slice(COMPONENTS_PREFIX.length).split("/")[0]);
        else visit(inner);
      }
    }
  };
  visit(node);
  return [...found];
}
