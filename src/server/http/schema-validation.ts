import type { FastifyInstance, FastifySchema } from "fastify";
import type { JsonSchema, SchemaBundle } from "../../shared/schema/bundle.ts";
import { SchemaValidator } from "../../shared/validation/validator.ts";

/**
 * Routes validate with the schemas of schemas/ (issue 2 §2). A route names a schema by id,
 * e.g. `schema: { body: { $ref: "entities/patient.json" } }`, or gives a small inline shape.
 * The value the route sees is the normalized one (x-normalize), and failures carry the
 * schema's messages for the error handler.
 */
export function registerSchemaValidation(app: FastifyInstance, bundle: SchemaBundle): void {
  const strict = new SchemaValidator(bundle, false);
  const coercing = new SchemaValidator(bundle, true);

  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validator = httpPart === "body" ? strict : coercing;
    const node = schema as JsonSchema;
    const id = typeof node.$ref === "string" && Object.keys(node).length === 1 ? node.$ref : undefined;
    if (!id) {
      // Inline route-local shape: validated, not normalized.
      const fn = validator.compile(node);
      return (data: unknown) => {
        if (fn(data)) return { value: data };
        const err = Object.assign(new Error("validation"), {
          fieldErrors: (fn.errors ?? []).map((e) => ({
            field:
              e.instancePath.split("/").filter(Boolean)[0] ??
              (e.params as { missingProperty?: string }).missingProperty ??
              "",
            message: e.message ?? "is not valid",
          })),
        });
        return { error: err };
      };
    }
    return (data: unknown) => {
      const result = validator.validate(id, data ?? (httpPart === "body" ? undefined : {}));
      if (result.ok) return { value: result.value };
      return {
        error: Object.assign(new Error(result.errors[0]?.message ?? "validation"), { fieldErrors: result.errors }),
      };
    };
  });
}

export type { FastifySchema };
