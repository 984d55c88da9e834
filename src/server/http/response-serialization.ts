import fastJson from "fast-json-stringify";
import type { FastifyInstance } from "fastify";
import type { JsonSchema, SchemaBundle } from "../../shared/schema/bundle.ts";
import { ResponseChecker } from "./response-check.ts";
import { serializationShape, serializationView } from "./serialization-view.ts";

type Write = (payload: unknown) => string;

/**
 * What a bundle's responses compile to, kept for the bundle's lifetime. A serializer or check
 * depends only on the bundle and the route's schema, and compiling them is most of an app's
 * start-up (about 1.5 s of every test app's 2 s): a process that builds its app again on the
 * same bundle (the API tests build hundreds) compiles each schema once. A server builds one app,
 * so this changes nothing there.
 */
interface Compiled {
  view: SchemaBundle;
  writers: Map<string, Write>;
  checker: ResponseChecker | null;
}
const compiledByBundle = new WeakMap<SchemaBundle, Compiled>();

function compiledFor(bundle: SchemaBundle): Compiled {
  let compiled = compiledByBundle.get(bundle);
  if (!compiled) {
    compiled = { view: serializationView(bundle), writers: new Map(), checker: null };
    compiledByBundle.set(bundle, compiled);
  }
  return compiled;
}

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
  const compiled = compiledFor(bundle);
  if (opts.check) compiled.checker ??= new ResponseChecker(bundle);
  const checker = opts.check ? compiled.checker : null;

  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    // The same schema (the error shape, a shared record) is declared by many routes: compile it once.
    const key = JSON.stringify(schema);
    let write = compiled.writers.get(key);
    if (!write) {
      const shape = serializationShape(bundle, schema as JsonSchema) as Parameters<typeof fastJson>[0];
      write = fastJson(shape, { schema: compiled.view as Record<string, Parameters<typeof fastJson>[0]> }) as Write;
      compiled.writers.set(key, write);
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
