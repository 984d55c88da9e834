import fastJson from "fast-json-stringify";
import type { FastifyInstance } from "fastify";
import type { JsonSchema, SchemaBundle } from "../../shared/schema/bundle.ts";
import { ResponseChecker } from "./response-check.ts";
import { serializationShape, serializationView } from "./serialization-view.ts";

/**
 * Responses are written by their route's response schema (issue 7 §1), with fast-json-stringify:
 * fast, and a field the schema does not list is left out, so no column leaks because a handler
 * returned a whole row. A route names bundle schemas by id, as for its request:
 * `schema: { response: { 200: { $ref: "entities/location.json" } } }`, or inline shapes whose
 * $refs are ids (response-schemas.ts builds the usual ones). The serializer reads the bundle's
 * shape-only view (serialization-view.ts): an absent optional field is simply not written,
 * null stays null, and our keywords (errorMessage, x-*, relative $refs) are taken care of.
 *
 * With `check` (on under test) every response is also validated against its schema first, and
 * a mismatch is a 500 naming the route and the field: a schema that types a field wrongly fails
 * a test instead of reaching the client in a shape the schema does not promise.
 */
export function registerResponseSerialization(
  app: FastifyInstance,
  bundle: SchemaBundle,
  opts: { check?: boolean } = {},
): void {
  const view = serializationView(bundle);
  const checker = opts.check ? new ResponseChecker(bundle) : null;
  // The same schema (the error shape, a shared record) is declared by many routes: compile it once.
  const compiled = new Map<string, (payload: unknown) => string>();

  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    const key = JSON.stringify(schema);
    let write = compiled.get(key);
    if (!write) {
      const shape = serializationShape(bundle, schema as JsonSchema) as Parameters<typeof fastJson>[0];
      write = fastJson(shape, { schema: view as Record<string, Parameters<typeof fastJson>[0]> }) as (
        p: unknown,
      ) => string;
      compiled.set(key, write);
    }
    if (!checker) return write;
    const check = checker.compile(schema as JsonSchema, `${method} ${url} (${httpStatus})`);
    const serialize = write;
    return (payload: unknown) => {
      check(payload);
      return serialize(payload);
    };
  });
}
