import { type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";

export interface OutcomeFieldSchema {
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
}

/** What an outcome record field holds, as its schema (entities/outcome-record.json) says. */
export type OutcomeFieldKind = "date-time" | "date" | "integer" | "number" | "boolean" | "text";

export function outcomeFields(bundle: SchemaBundle): Record<string, OutcomeFieldSchema> {
  return (schemaById(bundle, "entities/outcome-record.json").properties ?? {}) as Record<string, OutcomeFieldSchema>;
}

export function fieldKind(field: OutcomeFieldSchema): OutcomeFieldKind {
  const types = (Array.isArray(field.type) ? field.type : [field.type]).filter((t) => t && t !== "null");
  if (field.format === "date-time") return "date-time";
  if (field.format === "date") return "date";
  const base = types[0];
  return base === "integer" || base === "number" || base === "boolean" ? base : "text";
}
