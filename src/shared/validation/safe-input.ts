import type { FieldError } from "./field-errors.ts";

/**
 * The one rule for values no field may hold, whatever its schema says (issue 8 §6). Both sides
 * apply it through SchemaValidator, so every body, query string and path parameter of every route
 * is covered without a rule per route:
 * - text with a NUL character (PostgreSQL text and jsonb cannot store it) or a lone UTF-16
 *   surrogate (not a character; jsonb refuses it and UTF-8 cannot carry it), in values and keys;
 * - a number that is not finite: a query string's "1e400" is coerced to Infinity, which no schema
 *   bound catches (checked again after coercion);
 * - JSON nested deeper than MAX_DEPTH (no form sends that; deep input only costs stack);
 * - integers outside PostgreSQL's `integer`, and numbers beyond what a JavaScript number holds
 *   exactly, unless the schema names its own bounds (ids say 9007199254740991 for `bigint`).
 *   This one is applied to the schemas (withNumberBounds), so a field's own errorMessage speaks.
 */
export const MAX_DEPTH = 32;
export const INTEGER_BOUND = 2_147_483_647;
export const NUMBER_BOUND = Number.MAX_SAFE_INTEGER;

// In a `u` regular expression a paired surrogate is one code point, so \p{Cs} finds only lone ones.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is the point.
const NOT_TEXT = /[\u0000\p{Cs}]/u;

export const SAFE_INPUT_MESSAGES = {
  character: (label: string) => `${label} contains a character that is not allowed.`,
  depth: (label: string) => `${label} is nested too deeply.`,
  number: (label: string) => `${label} is not valid`,
};

interface LabelledSchema {
  properties?: Record<string, { title?: string } & Record<string, unknown>>;
}

function labelOf(field: string, rootSchema?: LabelledSchema): string {
  const title = rootSchema?.properties?.[field]?.title;
  if (typeof title === "string" && title) return title;
  return field ? field.charAt(0).toUpperCase() + field.slice(1).replace(/_/g, " ") : "The request";
}

/** One error per top-level field whose value (at any depth) holds something no field may hold. */
export function unsafeInputErrors(data: unknown, rootSchema?: LabelledSchema): FieldError[] {
  const errors = new Map<string, FieldError>();
  const report = (field: string, kind: keyof typeof SAFE_INPUT_MESSAGES) => {
    if (!errors.has(field))
      errors.set(field, { field, message: SAFE_INPUT_MESSAGES[kind](labelOf(field, rootSchema)) });
  };
  // Iterative, so a hostile nesting depth cannot exhaust the stack of the check meant to stop it.
  const stack: { value: unknown; field: string; depth: number }[] = [];
  if (data && typeof data === "object" && !Array.isArray(data)) {
    for (const [key, value] of Object.entries(data)) {
      if (NOT_TEXT.test(key)) report(key, "character");
      stack.push({ value, field: key, depth: 1 });
    }
  } else stack.push({ value: data, field: "", depth: 0 });
  while (stack.length) {
    const { value, field, depth } = stack.pop() as (typeof stack)[number];
    if (errors.has(field)) continue;
    if (typeof value === "string") {
      if (NOT_TEXT.test(value)) report(field, "character");
    } else if (typeof value === "number") {
      if (!Number.isFinite(value)) report(field, "number");
    } else if (value && typeof value === "object") {
      if (depth >= MAX_DEPTH) {
        report(field, "depth");
        continue;
      }
      const entries = Array.isArray(value) ? value.map((v) => ["", v] as const) : Object.entries(value);
      for (const [key, inner] of entries) {
        if (key && NOT_TEXT.test(key)) report(field, "character");
        stack.push({ value: inner, field, depth: depth + 1 });
      }
    }
  }
  return [...errors.values()];
}

// Keys whose values are data or annotations, not subschemas: their "type" keys are not types.
const NOT_SUBSCHEMAS = new Set(["enum", "const", "default", "examples", "errorMessage", "uiSchema", "required"]);

/**
 * A copy of a schema in which every integer without its own maximum/minimum gets PostgreSQL's
 * `integer` bounds, and every number JavaScript's exact-integer bounds. A value past them is then
 * an ordinary schema error, answered with the field's errorMessage (or '{field} is not valid').
 */
export function withNumberBounds<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withNumberBounds) as T;
  if (!schema || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = NOT_SUBSCHEMAS.has(key) || key.startsWith("x-") ? value : withNumberBounds(value);
  }
  const types = [out.type].flat();
  const bound = types.includes("integer") ? INTEGER_BOUND : types.includes("number") ? NUMBER_BOUND : undefined;
  if (bound !== undefined) {
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = bound;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = -bound;
  }
  return out as T;
}
