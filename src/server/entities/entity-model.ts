import { type JsonSchema, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import { type RelationSpec, relationFromSchema } from "./entity-relations.ts";

/**
 * Where one entity field lives, read from the entity schema's storage notes (README "How fields
 * persist"), never from a hand-written field list:
 * - x-column: a column of the entity's table (readOnly columns are served, never written);
 * - x-relation: rows of a relation table (entity-relations.ts);
 * - readOnly without x-column: computed by the entity's read query (its definition's `computed`);
 * - x-hook: true: an editable value the entity's hooks store elsewhere (a clinical user's mobile
 *   number is their primary phone contact); read through `computed`, written by `afterSave`;
 * - anything else: a key of the table's `extra` JSONB column, served at the top level.
 */
export type StoredField =
  | {
      kind: "column";
      field: string;
      column: string;
      readOnly: boolean;
      text: boolean;
      /** Whether the schema allows null; a null the schema does not allow is left out of the answer. */
      nullable: boolean;
      default: unknown;
    }
  | { kind: "relation"; field: string; relation: RelationSpec }
  | { kind: "extra"; field: string; text: boolean; numeric: boolean; default: unknown }
  | { kind: "computed"; field: string }
  | { kind: "hook"; field: string };

/** A field the list may sort or search on: a column, a key of `extra`, or a computed value. */
export type SortTarget = (
  | { kind: "column"; column: string; text: boolean }
  | { kind: "extra"; key: string; numeric: boolean }
  | { kind: "computed"; field: string }
) & {
  /**
   * The property's `"x-sort-reversed": true`: its values run against the list's order, so the
   * list's ascending order (the first click) opens on its newest values, e.g. the newest alert,
   * while ties still fall back to names A to Z.
   */
  reversed?: boolean;
};

export interface EntityModel {
  schemaId: string;
  entity: JsonSchema;
  /** The table the entity's row lives in (root `x-table`). */
  table: string;
  fields: StoredField[];
  byName: Map<string, StoredField>;
  /** List sort fields (the table schema's sortField, or field where sortable) and how to sort them. */
  sortable: Map<string, SortTarget>;
  defaultSort: { field: string; order: "asc" | "desc" };
  /** Stored fields the list search matches, and whether "first last" full names are matched too. */
  search: { targets: SortTarget[]; fullName: boolean };
}

interface TableColumn {
  field: string;
  sortField?: string;
  sortable?: boolean;
}

function typesOf(prop: JsonSchema): string[] {
  if (Array.isArray(prop.type)) return prop.type as string[];
  return typeof prop.type === "string" ? [prop.type] : [];
}

/** Free text (names, MRN): sorted and compared case-insensitively. Dates and enums sort as stored. */
function isFreeText(prop: JsonSchema): boolean {
  return typesOf(prop).includes("string") && !prop.format && !prop.$ref && !prop.enum && !prop.oneOf;
}

function classify(schemaId: string, field: string, prop: JsonSchema): StoredField {
  const column = prop["x-column"];
  if (typeof column === "string") {
    return {
      kind: "column",
      field,
      column,
      readOnly: prop.readOnly === true,
      text: isFreeText(prop),
      nullable: typesOf(prop).includes("null"),
      default: prop.default ?? null,
    };
  }
  if (prop["x-relation"] !== undefined) {
    return { kind: "relation", field, relation: relationFromSchema(schemaId, field, prop["x-relation"]) };
  }
  if (prop["x-hook"] === true) return { kind: "hook", field };
  if (prop.readOnly === true) return { kind: "computed", field };
  const types = typesOf(prop);
  return {
    kind: "extra",
    field,
    text: isFreeText(prop),
    numeric: types.includes("integer") || types.includes("number"),
    default: prop.default ?? null,
  };
}

function storedTarget(field: StoredField | undefined): SortTarget | null {
  if (field?.kind === "column") return { kind: "column", column: field.column, text: field.text };
  if (field?.kind === "extra") return { kind: "extra", key: field.field, numeric: field.numeric };
  if (field?.kind === "computed" || field?.kind === "hook") return { kind: "computed", field: field.field };
  return null; // relations hold many values: nothing to sort a row by
}

function sortTarget(entity: JsonSchema, field: StoredField | undefined): SortTarget | null {
  const target = storedTarget(field);
  if (!target || !field) return target;
  return entity.properties?.[field.field]?.["x-sort-reversed"] === true ? { ...target, reversed: true } : target;
}

/** The sorts the table's list query schema (x-query) allows beyond its columns, e.g. first name. */
function querySorts(bundle: SchemaBundle, table: JsonSchema): string[] {
  const queryId = table["x-query"];
  if (typeof queryId !== "string") return [];
  const sort = schemaById(bundle, queryId).properties?.sort;
  return Array.isArray(sort?.enum) ? sort.enum.filter((v): v is string => typeof v === "string") : [];
}

function listRules(
  bundle: SchemaBundle,
  entity: JsonSchema,
  tableId: string | undefined,
  byName: Map<string, StoredField>,
) {
  const table = tableId ? schemaById(bundle, tableId) : {};
  const sortable = new Map<string, SortTarget>();
  const columnSorts = ((table.columns as TableColumn[] | undefined) ?? []).map(
    (column) => column.sortField ?? (column.sortable ? column.field : undefined),
  );
  for (const name of [...columnSorts, ...querySorts(bundle, table)]) {
    const target = name ? sortTarget(entity, byName.get(name)) : null;
    if (name && target) sortable.set(name, target);
  }
  const declared = table.defaultSort as { field?: string; order?: "asc" | "desc" } | undefined;
  const defaultSort = {
    field: declared?.field && sortable.has(declared.field) ? declared.field : "",
    order: declared?.order === "desc" ? ("desc" as const) : ("asc" as const),
  };
  const searchFields = (table.searchFields as string[] | undefined) ?? [];
  const targets = searchFields.map((f) => storedTarget(byName.get(f))).filter((t): t is SortTarget => t !== null);
  const fullName = searchFields.includes("first_name") && searchFields.includes("last_name");
  return { sortable, defaultSort, search: { targets, fullName } };
}

function buildModel(bundle: SchemaBundle, schemaId: string, tableId: string | undefined): EntityModel {
  const entity = schemaById(bundle, schemaId);
  const table = entity["x-table"];
  if (typeof table !== "string") throw new Error(`${schemaId}: an entity schema names its table in x-table`);
  const fields = Object.entries(entity.properties ?? {}).map(([name, prop]) => classify(schemaId, name, prop));
  const byName = new Map(fields.map((f) => [f.field, f]));
  const version = byName.get("version");
  if (version?.kind !== "column" || !version.readOnly) {
    throw new Error(`${schemaId}: an entity carries a readOnly "version" column (optimistic concurrency)`);
  }
  return { schemaId, entity, table, fields, byName, ...listRules(bundle, entity, tableId, byName) };
}

const models = new WeakMap<SchemaBundle, Map<string, EntityModel>>();

/** The model of an entity in a bundle; derived once per bundle (an app's bundle never changes while it runs). */
export function entityModel(bundle: SchemaBundle, schemaId: string, tableId?: string): EntityModel {
  let byId = models.get(bundle);
  if (!byId) {
    byId = new Map();
    models.set(bundle, byId);
  }
  const key = `${schemaId}|${tableId ?? ""}`;
  let model = byId.get(key);
  if (!model) {
    model = buildModel(bundle, schemaId, tableId);
    byId.set(key, model);
  }
  return model;
}
