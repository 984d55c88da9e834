import Ajv, { type ValidateFunction } from "ajv";
import { type JsonSchema, type SchemaBundle, schemaById } from "../schema/bundle.ts";
import { AJV_OPTIONS, configureAjv } from "./ajv-config.ts";
import { type FieldError, toFieldErrors } from "./field-errors.ts";
import { normalizeRecord } from "./normalize.ts";
import { unsafeInputErrors, withNumberBounds } from "./safe-input.ts";

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/**
 * Validates data against a schema of the bundle: the safe-input rule (safe-input.ts), normalize
 * (x-normalize), then ajv, then map errors to {field, message}. `coerce` is for query strings and
 * path parameters, whose values arrive as text; bodies are never coerced.
 */
export class SchemaValidator {
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(
    readonly bundle: SchemaBundle,
    coerce = false,
  ) {
    this.ajv = configureAjv(new Ajv({ ...AJV_OPTIONS, coerceTypes: coerce ? "array" : false }));
    // Compiled with the safe-input number bounds; this.bundle stays as written (titles, normalize rules).
    for (const schema of Object.values(bundle)) this.ajv.addSchema(withNumberBounds(schema));
  }

  /** The compiled validator for a schema id, or an inline schema (route-local shapes). */
  compile(schemaOrId: string | JsonSchema): ValidateFunction {
    if (typeof schemaOrId !== "string") return this.ajv.compile(withNumberBounds(schemaOrId));
    let fn = this.cache.get(schemaOrId);
    if (!fn) {
      fn = this.ajv.getSchema(schemaOrId);
      if (!fn) throw new Error(`No schema "${schemaOrId}"`);
      this.cache.set(schemaOrId, fn);
    }
    return fn;
  }

  validate<T>(id: string, data: unknown): ValidationResult<T> {
    const schema = schemaById(this.bundle, id);
    const unsafe = unsafeInputErrors(data, schema);
    if (unsafe.length) return { ok: false, errors: unsafe };
    const value =
      data && typeof data === "object" && !Array.isArray(data)
        ? normalizeRecord(schema, data as Record<string, unknown>)
        : data;
    const fn = this.compile(id);
    if (fn(value)) {
      // Coercion may have turned text into a number no bound catches ("1e400" is Infinity).
      const coerced = unsafeInputErrors(value, schema);
      return coerced.length ? { ok: false, errors: coerced } : { ok: true, value: value as T };
    }
    return { ok: false, errors: toFieldErrors(fn.errors, schema as JsonSchema & { "x-anyOf-field"?: string }) };
  }
}
