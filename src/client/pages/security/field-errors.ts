import type { FieldError } from "../../../shared/validation/field-errors.ts";

/** {field, message} pairs as a lookup for the inputs; the first message per field wins. */
export function errorsByField(errors: readonly FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { field, message } of errors) out[field] ??= message;
  return out;
}
