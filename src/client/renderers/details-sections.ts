import { enumOptions, resolveRef, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import { entityProperty, type FieldKind, fieldKind } from "../../shared/schema/field-kind.ts";
import type { EnumLabel } from "./format-value.ts";

/** One field of a details section: its title from the entity schema, and how its value shows. */
export interface DetailField {
  field: string;
  title: string;
  kind: FieldKind;
  enumLabels: EnumLabel[];
}

export interface DetailSection {
  title: string;
  fields: DetailField[];
}

interface DetailsSectionSpec {
  title: string;
  fields: string[];
}

/**
 * The sections of a details file (schemas/details/*.details.json): what a record's read-only page
 * shows, grouped, each field titled and formatted from its entity. Adding a field to a section
 * adds it to the page, with no code change. Pure, for tests and the snapshot of every file.
 */
export function detailSections(bundle: SchemaBundle, detailsId: string): DetailSection[] {
  const details = schemaById(bundle, detailsId);
  const entityId = details["x-entity"];
  if (typeof entityId !== "string") throw new Error(`${detailsId}: x-entity is missing`);
  const sections = (details.sections ?? []) as DetailsSectionSpec[];
  return sections.map((section) => ({
    title: section.title,
    fields: section.fields.map((field) => {
      const property = entityProperty(bundle, entityId, field);
      if (!property) throw new Error(`${detailsId}: ${field} is not a field of ${entityId}`);
      const kind = fieldKind(property, bundle, entityId);
      const labels =
        kind === "enum"
          ? enumOptions(property)
          : kind === "stringList" && property.items
            ? enumOptions(resolveRef(bundle, entityId, property.items))
            : [];
      return { field, title: String(property.title ?? field), kind, enumLabels: labels };
    }),
  }));
}
