import { onlyDigits, onlyPhonePunctuation } from "./digits.ts";

/**
 * Applies each property's x-normalize rule before validation, on both sides:
 * - trim: surrounding white space goes; a blank optional value becomes null (a middle name of
 *   only spaces is blank, spec §5); a blank required value is left out, so the schema's
 *   "... is required" message shows rather than a format or length complaint.
 * - digits: mobile numbers keep digits only (spec §5), digits of any script as ASCII (a fullwidth
 *   "５５５..." is "555..."); blank or only punctuation becomes null; text without a single digit
 *   ("call me") is kept as typed, so the schema refuses it rather than it being saved as nothing.
 * - boolean: notification flags arrive as booleans (spec §5), also from "true"/"1" form values.
 */
export interface NormalizableSchema {
  required?: readonly string[];
  properties?: Record<string, { "x-normalize"?: string } & Record<string, unknown>>;
}

export function normalizeRecord<T extends Record<string, unknown>>(schema: NormalizableSchema, input: T): T {
  const out: Record<string, unknown> = { ...input };
  const required = new Set(schema.required ?? []);
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const rule = prop["x-normalize"];
    const value = out[name];
    if (!rule || value === undefined || value === null) continue;
    if (rule === "trim" && typeof value === "string") {
      const trimmed = value.trim();
      if (trimmed !== "") out[name] = trimmed;
      else if (required.has(name)) delete out[name];
      else out[name] = null;
    } else if (rule === "digits" && typeof value === "string") {
      const digits = onlyDigits(value);
      out[name] = digits !== "" ? digits : onlyPhonePunctuation(value) ? null : value.trim();
    } else if (rule === "boolean") {
      if (value === "true" || value === "1" || value === 1) out[name] = true;
      else if (value === "false" || value === "0" || value === 0 || value === "") out[name] = false;
    }
  }
  return out as T;
}
