import { type JsonSchema, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import { isPatientRelation, type PatientRelationName } from "./patient-relations.ts";

export const PATIENT_ENTITY_ID = "entities/patient.json";
export const PATIENTS_TABLE_ID = "tables/patients.table.json";

/** Where one entity field lives (README "How fields persist"). */
export type StoredField =
  | { kind: "column"; field: string; column: string; readOnly: boolean; text: boolean; default: unknown }
  | { kind: "relation"; field: string; relation: PatientRelationName }
  | { kind: "extra"; field: string; text: boolean; numeric: boolean; default: unknown }
  | { kind: "computed"; field: string };

/** A stored field the list may sort or search on: a patient column or a key of patient.extra. */
export type SortTarget =
  | { kind: "column"; column: string; text: boolean }
  | { kind: "extra"; key: string; numeric: boolean };

/**
 * The patient entity as the server stores it, derived from the bundle's schemas, never from a
 * hand-written field list: adding a field to entities/patient.json (and its form and table
 * entries) persists, loads, sorts and searches it with no source change (issue 2 §5).
 * - x-column: a column of table patient.
 * - x-relation: rows of a relation table (patient-relations.ts).
 * - readOnly without x-column: computed by the read query (full_name, chart ids, names...).
 * - anything else: a key of patient.extra (JSONB), returned at the top level.
 */
export interface PatientModel {
  entity: JsonSchema;
  fields: StoredField[];
  /** Sortable list fields (the table schema's sortField, or field where sortable) and how to sort them. */
  sortable: Map<string, SortTarget>;
  defaultSort: { field: string; order: "asc" | "desc" };
  /** Stored fields the list search matches, plus whether "first last" full names are matched too. */
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

function classify(field: string, prop: JsonSchema): StoredField {
  const column = prop["x-column"];
  if (typeof column === "string") {
    return {
      kind: "column",
      field,
      column,
      readOnly: prop.readOnly === true,
      text: isFreeText(prop),
      default: prop.default ?? null,
    };
  }
  const relation = prop["x-relation"];
  if (typeof relation === "string") {
    if (!isPatientRelation(relation))
      throw new Error(`${PATIENT_ENTITY_ID}: ${field} names unknown x-relation ${relation}`);
    return { kind: "relation", field, relation };
  }
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

function sortTarget(field: StoredField | undefined): SortTarget | null {
  if (field?.kind === "column") return { kind: "column", column: field.column, text: field.text };
  if (field?.kind === "extra") return { kind: "extra", key: field.field, numeric: field.numeric };
  return null; // relations and computed values are not stored on the patient row
}

function buildModel(bundle: SchemaBundle): PatientModel {
  const entity = schemaById(bundle, PATIENT_ENTITY_ID);
  const fields = Object.entries(entity.properties ?? {}).map(([name, prop]) => classify(name, prop));
  const byName = new Map(fields.map((f) => [f.field, f]));

  const table = schemaById(bundle, PATIENTS_TABLE_ID);
  const sortable = new Map<string, SortTarget>();
  for (const column of (table.columns as TableColumn[] | undefined) ?? []) {
    const name = column.sortField ?? (column.sortable ? column.field : undefined);
    const target = name ? sortTarget(byName.get(name)) : null;
    if (name && target) sortable.set(name, target);
  }
  const declared = table.defaultSort as { field?: string; order?: "asc" | "desc" } | undefined;
  const defaultSort = {
    field: declared?.field && sortable.has(declared.field) ? declared.field : "",
    order: declared?.order === "desc" ? ("desc" as const) : ("asc" as const),
  };

  const searchFields = (table.searchFields as string[] | undefined) ?? [];
  const targets = searchFields.map((f) => sortTarget(byName.get(f))).filter((t): t is SortTarget => t !== null);
  const fullName = searchFields.includes("first_name") && searchFields.includes("last_name");
  return { entity, fields, sortable, defaultSort, search: { targets, fullName } };
}

const models = new WeakMap<SchemaBundle, PatientModel>();

/** The model of a bundle; derived once per bundle (an app's bundle never changes while it runs). */
export function patientModel(bundle: SchemaBundle): PatientModel {
  let model = models.get(bundle);
  if (!model) {
    model = buildModel(bundle);
    models.set(bundle, model);
  }
  return model;
}
