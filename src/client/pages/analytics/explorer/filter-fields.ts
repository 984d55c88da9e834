import {
  enumOptions,
  type JsonSchema,
  resolveRef,
  type SchemaBundle,
  schemaById,
} from "../../../../shared/schema/bundle.ts";

export const QUERY_SCHEMA_ID = "api/analytics-query.json";
export const QUERY_FORM_ID = "forms/analytics-query.form.json";

/** Where a picker's choices come from: x-options of api/analytics-query.json. */
export type OptionSource = "programs" | "locations" | "clinicians" | "teams" | "measures";

/** How a field of the query is edited, read from its schema alone. */
export type FilterField =
  | { kind: "choice"; field: string; label: string; options: { value: unknown; label: string }[]; help?: string }
  | { kind: "codes"; field: string; label: string; options: { value: string; label: string }[]; help?: string }
  | { kind: "picker"; field: string; label: string; source: OptionSource; help?: string }
  | {
      kind: "range";
      field: string;
      label: string;
      bounds: { field: string; label: string; type: "integer" | "date" }[];
      help?: string;
    };

export interface ShowWhen {
  field: string;
  equals?: unknown;
  contains?: unknown;
}

export interface FilterPanelDefinition {
  fields: FilterField[];
  showWhen: Record<string, ShowWhen>;
}

/**
 * The filter panel as the query schema and its form file describe it (issue 13 §1): a product
 * owner adds a filter to api/analytics-query.json, orders it in forms/analytics-query.form.json,
 * and the panel shows it with no code change. Pure, so a test reads the very list the panel draws.
 */
export function filterPanelDefinition(bundle: SchemaBundle): FilterPanelDefinition {
  const schema = schemaById(bundle, QUERY_SCHEMA_ID);
  const ui = (schemaById(bundle, QUERY_FORM_ID).uiSchema ?? {}) as Record<string, Record<string, unknown>>;
  const order = (ui["ui:order"] as unknown as string[]) ?? Object.keys(schema.properties ?? {});
  const showWhen: Record<string, ShowWhen> = {};
  const fields = order.map((field): FilterField => {
    const property = resolveRef(bundle, QUERY_SCHEMA_ID, schema.properties?.[field] as JsonSchema);
    const label = String(property.title ?? field);
    const help = ui[field]?.["ui:help"] as string | undefined;
    const when = ui[field]?.["ui:showWhen"] as ShowWhen | undefined;
    if (when) showWhen[field] = when;
    const source = property["x-options"] as OptionSource | undefined;
    if (source) return { kind: "picker", field, label, source, help };
    if (property.type === "array" && property.items) {
      const items = resolveRef(bundle, QUERY_SCHEMA_ID, property.items);
      return {
        kind: "codes",
        field,
        label,
        options: enumOptions(items).map((o) => ({ value: String(o.value), label: o.label })),
        help,
      };
    }
    if (property.type === "object") {
      const bounds = Object.entries(property.properties ?? {}).map(([key, bound]) => ({
        field: key,
        label: String(bound.title ?? key),
        type: bound.format === "date" ? ("date" as const) : ("integer" as const),
      }));
      return { kind: "range", field, label, bounds, help };
    }
    return {
      kind: "choice",
      field,
      label,
      options: (property.oneOf ?? []).map((o) => ({ value: o.const, label: String(o.title ?? o.const) })),
      help,
    };
  });
  return { fields, showWhen };
}

/** Whether a field shows, given the query so far (ui:showWhen). */
export function isShown(
  when: ShowWhen | undefined,
  query: Record<string, unknown>,
  defaults: Record<string, unknown>,
): boolean {
  if (!when) return true;
  const value = query[when.field] ?? defaults[when.field];
  if ("equals" in when) return value === when.equals;
  return Array.isArray(value) && value.includes(when.contains);
}

/** The schema's defaults of the query's fields: what a new query starts from. */
export function queryDefaults(bundle: SchemaBundle): Record<string, unknown> {
  const schema = schemaById(bundle, QUERY_SCHEMA_ID);
  return Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([, p]) => p.default !== undefined)
      .map(([k, p]) => [k, structuredClone(p.default)]),
  );
}
