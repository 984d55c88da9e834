import type { ErrorObject } from "ajv";

/** The one error shape of the API and the forms: which field, and the sentence to show. */
export interface FieldError {
  field: string;
  message: string;
}

interface SchemaLike {
  title?: string;
  properties?: Record<string, { title?: string }>;
  "x-anyOf-field"?: string;
}

function topField(instancePath: string): string {
  return instancePath.split("/").filter(Boolean)[0] ?? "";
}

/** The field an ajv error is about: its path, the missing property, or the schema's anyOf field. */
export function errorField(error: ErrorObject, rootSchema?: SchemaLike): string {
  const fromPath = topField(error.instancePath);
  if (fromPath) return fromPath;
  const params = error.params as { missingProperty?: string; additionalProperty?: string; errors?: ErrorObject[] };
  if (params.missingProperty) return params.missingProperty;
  if (params.additionalProperty) return params.additionalProperty;
  if (error.keyword === "errorMessage" && params.errors?.length) {
    const inner = params.errors[0];
    if (inner.keyword === "anyOf" && rootSchema?.["x-anyOf-field"]) return rootSchema["x-anyOf-field"];
    const innerField = errorField(inner, rootSchema);
    if (innerField) return innerField;
  }
  if (error.keyword === "anyOf" && rootSchema?.["x-anyOf-field"]) return rootSchema["x-anyOf-field"];
  return "";
}

function label(field: string, rootSchema?: SchemaLike): string {
  return rootSchema?.properties?.[field]?.title ?? (field ? field.replace(/_/g, " ") : "Value");
}

/**
 * Turns ajv errors into one message per field. The schema's own message (ajv-errors) wins;
 * without one, spec §5's generic '{field} is required' / '{field} is not valid'.
 */
export function toFieldErrors(
  errors: readonly ErrorObject[] | null | undefined,
  rootSchema?: SchemaLike,
): FieldError[] {
  const byField = new Map<string, FieldError>();
  // Errors that ajv-errors replaced by a message are listed after it is applied; keep the custom ones first.
  const ordered = [...(errors ?? [])].sort(
    (a, b) => Number(b.keyword === "errorMessage") - Number(a.keyword === "errorMessage"),
  );
  for (const error of ordered) {
    // anyOf branches report each failing branch; the errorMessage on anyOf speaks for them.
    if (error.schemaPath.includes("/anyOf/") && error.keyword !== "errorMessage") continue;
    // An if/then rule reports its failing "then" branch (with the field's message) and, besides,
    // a bare "if" error about the whole object; the branch speaks for it.
    if (error.keyword === "if") continue;
    const field = errorField(error, rootSchema);
    if (byField.has(field)) continue;
    let message: string;
    if (error.keyword === "errorMessage") message = error.message ?? "";
    else if (error.keyword === "required") message = `${label(field, rootSchema)} is required`;
    else message = `${label(field, rootSchema)} is not valid`;
    byField.set(field, { field, message });
  }
  return [...byField.values()];
}
