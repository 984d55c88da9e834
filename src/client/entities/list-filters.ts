import type { UiSettings } from "../../../generated/types/api/ui-settings.ts";
import { defaultBundle, enumOptions, type JsonSchema, resolveRef, schemaById } from "../../shared/schema/bundle.ts";
import { primaryType } from "../../shared/schema/field-kind.ts";

/** "All" in a select and in a saved selector (the per-user UI settings of spec §3 keep strings). */
export const ALL = "all";

/** Paging, search and sort: every list has them, the list frame shows them, they are no filters. */
const LIST_KEYS = new Set(["page", "pageSize", "search", "sort", "order"]);

/** One filter of a list: a choice from a code list, or a yes/no box. */
export interface FilterSpec {
  field: string;
  title: string;
  control: "select" | "checkbox";
  options: { value: string; label: string }[];
  /** The value the server takes is a number (status codes). */
  numeric: boolean;
}

export type FilterValues = Record<string, string | boolean>;

/**
 * The filters of a table file's list: the titled properties of its query schema (x-query) other
 * than paging, search and sort. A code list (or a list of codes, of which one is picked) becomes a
 * select, a boolean a checkbox. `keep` leaves options out (a role no clinical user can hold).
 */
export function filterSpecs(
  tableId: string,
  keep: (field: string, value: string) => boolean = () => true,
): FilterSpec[] {
  const queryId = schemaById(defaultBundle, tableId)["x-query"];
  if (typeof queryId !== "string") return [];
  const properties = schemaById(defaultBundle, queryId).properties ?? {};
  const specs: FilterSpec[] = [];
  for (const [field, raw] of Object.entries(properties)) {
    if (LIST_KEYS.has(field)) continue;
    const property = resolveRef(defaultBundle, queryId, raw);
    const title = raw.title ?? property.title;
    if (!title) continue;
    const type = primaryType(property);
    if (type === "boolean") {
      specs.push({ field, title, control: "checkbox", options: [], numeric: false });
      continue;
    }
    const codes: JsonSchema =
      type === "array" && property.items ? resolveRef(defaultBundle, queryId, property.items) : property;
    const options = enumOptions(codes)
      .map((o) => ({ value: String(o.value), label: o.label }))
      .filter((o) => keep(field, o.value));
    if (options.length)
      specs.push({ field, title, control: "select", options, numeric: primaryType(codes) === "integer" });
  }
  return specs;
}

/** The filters as the list call takes them: "all" and unticked boxes are no filter. */
export function filterQuery(
  specs: readonly FilterSpec[],
  values: FilterValues,
): Record<string, string | number | boolean | undefined> {
  const query: Record<string, string | number | boolean | undefined> = {};
  for (const spec of specs) {
    const value = values[spec.field];
    if (spec.control === "checkbox") query[spec.field] = value === true ? true : undefined;
    else if (typeof value === "string" && value !== ALL && spec.options.some((o) => o.value === value)) {
      query[spec.field] = spec.numeric ? Number(value) : value;
    } else query[spec.field] = undefined;
  }
  return query;
}

/** Which UI setting (spec §3) remembers each filter of a list, e.g. status -> accountStatusSelector. */
export type SavedFilterKeys = Record<string, keyof UiSettings>;

/** The filters as the user last chose them. */
export function savedFilterValues(
  specs: readonly FilterSpec[],
  keys: SavedFilterKeys,
  settings: UiSettings,
): FilterValues {
  const values: FilterValues = {};
  for (const spec of specs) {
    const saved = keys[spec.field] ? settings[keys[spec.field]] : undefined;
    values[spec.field] =
      spec.control === "checkbox" ? saved === true : typeof saved === "string" && saved ? saved : ALL;
  }
  return values;
}

/** The UI-settings patch that remembers one changed filter. */
export function savedFilterPatch(keys: SavedFilterKeys, field: string, value: string | boolean): UiSettings {
  const key = keys[field];
  return key ? ({ [key]: value } as UiSettings) : {};
}
