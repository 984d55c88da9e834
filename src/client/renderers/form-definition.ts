import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { type JsonSchema, resolveRef, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import { type FieldKind, fieldKind } from "../../shared/schema/field-kind.ts";
import { widgetForKind } from "../widgets/widget-for-kind.ts";

/**
 * Everything a form file (schemas/forms/*.form.json) plus its entity say about one form: which
 * fields it edits, in what order, of which kind, and the schema and uiSchema handed to rjsf.
 * Pure, so tests and the read-only view use the very field list the form renders.
 */
export interface FormDefinition {
  formId: string;
  entityId: string;
  entity: JsonSchema;
  /** Editable fields in display order: the form's ui:order with "*" expanded to the rest. */
  fields: string[];
  kinds: Record<string, FieldKind>;
  /** Titles of the fields (the labels people and tests find them by). */
  titles: Record<string, string>;
  /** What rjsf renders: editable properties only, enum files inlined, no validation keywords. */
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Prefix of the input ids, so two forms on one page never share an id. */
  idPrefix: string;
}

/**
 * The version a save is based on (optimistic concurrency) is never a field a person edits, even
 * where a body schema lists it as writable (the general settings update): the form that saves
 * sends the version it started from (entities/RecordForm.tsx).
 */
export const VERSION_FIELD = "version";

/**
 * Keys rjsf needs to render a field; validation stays with the entity schema and the shared ajv.
 * x-unit is the unit a value is stored in, for widgets that show another (minutes for seconds).
 */
const DISPLAY_KEYS = ["type", "title", "format", "enum", "default", "uniqueItems", "x-unit"] as const;

function displaySchema(bundle: SchemaBundle, fromId: string, node: JsonSchema): JsonSchema {
  const resolved = resolveRef(bundle, fromId, node);
  const out: JsonSchema = {};
  for (const key of DISPLAY_KEYS) if (key in resolved) (out as Record<string, unknown>)[key] = resolved[key];
  if (Array.isArray(resolved.oneOf) && resolved.oneOf.every((o) => "const" in o)) {
    out.oneOf = resolved.oneOf.map((o) => ({ const: o.const, title: o.title ?? String(o.const) }));
  }
  if (resolved.items) out.items = displaySchema(bundle, fromId, resolved.items);
  // A nested object (the general settings' session configuration) shows its own fields.
  if (resolved.properties) {
    out.properties = Object.fromEntries(
      Object.entries(resolved.properties).map(([key, child]) => [key, displaySchema(bundle, fromId, child)]),
    );
    if (Array.isArray(resolved.required)) out.required = resolved.required;
  }
  return out;
}

/** The fields of a nested object get the CSS required mark too, never Mantine's star. */
function withoutNestedAsterisks(schema: JsonSchema, ui: UiSchema): UiSchema {
  if (!schema.properties) return ui;
  const out: UiSchema = { ...ui };
  for (const [key, child] of Object.entries(schema.properties)) {
    out[key] = withoutNestedAsterisks(child, {
      ...((ui[key] as UiSchema | undefined) ?? {}),
      "ui:withAsterisk": false,
    });
  }
  return out;
}

function orderedFields(declared: unknown, editable: string[]): string[] {
  const order = Array.isArray(declared) ? (declared as string[]) : ["*"];
  const named = order.filter((f) => f !== "*" && editable.includes(f));
  const rest = editable.filter((f) => !named.includes(f));
  const star = order.indexOf("*");
  if (star === -1) return [...named, ...rest];
  const before = order.slice(0, star).filter((f) => named.includes(f));
  const after = order.slice(star + 1).filter((f) => named.includes(f));
  return [...before, ...rest, ...after];
}

export function formDefinition(bundle: SchemaBundle, formId: string): FormDefinition {
  const form = schemaById(bundle, formId);
  const entityId = form["x-entity"];
  if (typeof entityId !== "string") throw new Error(`${formId}: x-entity is missing`);
  const entity = schemaById(bundle, entityId);
  const properties = entity.properties ?? {};
  const editable = Object.keys(properties).filter((f) => properties[f].readOnly !== true && f !== VERSION_FIELD);
  const formUi = structuredClone((form.uiSchema ?? {}) as UiSchema);
  const fields = orderedFields(formUi["ui:order"], editable);

  const kinds: Record<string, FieldKind> = {};
  const titles: Record<string, string> = {};
  const schemaProperties: Record<string, JsonSchema> = {};
  const uiSchema: UiSchema = { ...formUi, "ui:order": fields };
  for (const field of fields) {
    const property = properties[field];
    kinds[field] = fieldKind(property, bundle, entityId);
    schemaProperties[field] = displaySchema(bundle, entityId, property);
    titles[field] = String(schemaProperties[field].title ?? field);
    const fieldUi = { ...((formUi[field] as UiSchema | undefined) ?? {}) };
    const widget = widgetForKind(kinds[field]);
    if (!fieldUi["ui:widget"] && widget) fieldUi["ui:widget"] = widget;
    // ui:options pass through to the Mantine input. The required mark is drawn by CSS
    // (renderers.css) instead of Mantine's star, so a label's text stays exactly the title.
    fieldUi["ui:withAsterisk"] = false;
    // "Clinician is required" lands on the anyOf field (clinicians, or a team): it carries the mark.
    if (field === entity["x-anyOf-field"]) fieldUi["ui:options"] = { ...fieldUi["ui:options"], markRequired: true };
    uiSchema[field] = withoutNestedAsterisks(schemaProperties[field], fieldUi);
  }
  uiSchema["ui:submitButtonOptions"] = { norender: true };

  const required = (entity.required ?? []).filter((f) => fields.includes(f));
  return {
    formId,
    entityId,
    entity,
    fields,
    kinds,
    titles,
    schema: { type: "object", required, properties: schemaProperties } as RJSFSchema,
    uiSchema,
    idPrefix: formId
      .replace(/^.*\//, "")
      .replace(/\.form\.json$|\.json$/, "")
      .replace(/\W+/g, "-"),
  };
}
