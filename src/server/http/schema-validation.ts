import type { FastifyInstance, FastifySchema } from "fastify";
import type { JsonSchema, SchemaBundle } from "../../shared/schema/bundle.ts";
import { type FieldError, toFieldErrors } from "../../shared/validation/field-errors.ts";
import { unsafeInputErrors } from "../../shared/validation/safe-input.ts";
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
      // Inline route-local shape: validated (safe-input rule included), not normalized.
      const fn = validator.compile(node);
      return (data: unknown) => {
        const unsafe = unsafeInputErrors(data, node);
        if (unsafe.length) return refused(unsafe);
        if (!fn(data)) return refused(toFieldErrors(fn.errors, node));
        // Coercion may have turned text into a number no bound catches ("1e400" is Infinity).
        const coerced = unsafeInputErrors(data, node);
        return coerced.length ? refused(coerced) : { value: data };
      };
    }
    return (data: unknown) => {
      const result = validator.validate(id, data ?? (httpPart === "body" ? undefined : {}));
      return result.ok ? { value: result.value } : refused(result.errors);
    };
  });
}

/** A validation failure the error handler answers as 400 with the field errors. */
function refused(errors: FieldError[]) {
  return { error: Object.assign(new Error(errors[0]?.message ?? "validation"), { fieldErrors: errors }) };
}

export type { FastifySchema };
