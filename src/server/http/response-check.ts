import Ajv, { type ValidateFunction } from "ajv";
import type { JsonSchema, SchemaBundle } from "../../shared/schema/bundle.ts";
import { AJV_OPTIONS, configureAjv } from "../../shared/validation/ajv-config.ts";
import { mapSchema } from "./schema-walk.ts";

/**
 * The bundle as a response is checked against (under test, see response-serialization.ts).
 * - additionalProperties: false is lifted: a handler may hand over more than the schema lists
 *   (a whole row); the serializer leaves the rest out, which is the point.
 * - request rules are lifted in schemas/entities: there `required`, lengths, counts, patterns,
 *   bounds and "one of these lists is required" say what a save must send, and a record read
 *   back holds what was stored, maybe before a rule was tightened (a clinical user whose only
 *   location was reassigned, a name longer than today's limit). In a response shape
 *   (schemas/api/...) they are what every answer holds, and are checked. An entity's if/then
 *   rules (a contact's phone is 10 digits, an insurance coverage's details need its provider) are
 *   save rules of the same kind, and lifted too: without `required`, their conditions would match
 *   fields a record leaves out.
 * Everything else (types, null or not, enums, consts, formats) is checked as the schema says.
 */
const REQUEST_RULES = [
  "required",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "uniqueItems",
] as const;

export function responseCheckView(bundle: SchemaBundle): SchemaBundle {
  return Object.fromEntries(
    Object.entries(bundle).map(([id, schema]) => {
      const requestRules = id.startsWith("entities/");
      const view = mapSchema(schema, (node) => {
        if (node.additionalProperties === false) delete node.additionalProperties;
        if (requestRules) {
          for (const rule of REQUEST_RULES) delete node[rule];
          if (node["x-anyOf-field"]) delete node.anyOf;
          if (node.if !== undefined) {
            delete node.if;
            delete node.then;
            delete node.else;
          }
        }
        return node;
      });
      return [id, view];
    }),
  );
}

/** Validates responses against their route's response schema, with the shared ajv configuration. */
export class ResponseChecker {
  private readonly ajv: Ajv;
  /** Validators by schema text: many routes declare the same shape, and a checker outlives one app (response-serialization.ts). */
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(bundle: SchemaBundle) {
    this.ajv = configureAjv(new Ajv(AJV_OPTIONS));
    for (const schema of Object.values(responseCheckView(bundle))) this.ajv.addSchema(schema);
  }

  /** A function that throws, naming the route and the first mismatch, when a payload does not fit. */
  compile(schema: JsonSchema, route: string): (payload: unknown) => void {
    const key = JSON.stringify(schema);
    const check = this.validators.get(key) ?? this.ajv.compile(schema);
    this.validators.set(key, check);
    return (payload) => {
      // Checked as it goes over the wire: a Date is its ISO text there, an undefined field absent.
      if (check(payload === undefined ? payload : JSON.parse(JSON.stringify(payload)))) return;
      const [first] = check.errors ?? [];
      const message = `The response of ${route} does not match its schema: ${first?.instancePath || "(root)"} ${first?.message ?? ""}`;
      // The 500 that follows says nothing to the client, and tests run with the logger off.
      process.emitWarning(message, "ResponseSchemaMismatch");
      throw new Error(message);
    };
  }
}
