import { enumOptions, type JsonSchema, resolveRef, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import { entityProperty, type FieldKind, fieldKind } from "../../shared/schema/field-kind.ts";
import type { EnumLabel } from "./format-value.ts";

/** One column of a schema table, all it needs to render and sort, read from schemas/tables/*.json. */
export interface ColumnDescriptor {
  field: string;
  header: string;
  kind: FieldKind;
  sortable: boolean;
  /** The field the server sorts by for this column (a name column sorts by last name). */
  sortKey: string;
  /** Names the page a cell links to; the page turns it into an address (rowHref). */
  link?: string;
  enumLabels: EnumLabel[];
  /** Offered by a column chooser but not shown until picked (the outcomes explorer's records). */
  hidden: boolean;
}

interface TableColumnSpec {
  field: string;
  header?: string;
  sortable?: boolean;
  sortField?: string;
  link?: string;
  hidden?: boolean;
}

export interface TableDefaults {
  entityId: string;
  sort?: string;
  order: "asc" | "desc";
}

function tableSpec(bundle: SchemaBundle, tableId: string) {
  const table = schemaById(bundle, tableId);
  const entityId = table["x-entity"];
  if (typeof entityId !== "string") throw new Error(`${tableId}: x-entity is missing`);
  return { table, entityId };
}

/** Labels of a code column, or of a list of codes (a user's roles). */
function columnEnumLabels(bundle: SchemaBundle, entityId: string, kind: FieldKind, property: JsonSchema): EnumLabel[] {
  if (kind === "enum") return enumOptions(property);
  if (kind === "stringList" && property.items) return enumOptions(resolveRef(bundle, entityId, property.items));
  return [];
}

/** The columns of a table file: adding one there adds it to the page, with no code change. */
export function columnsForTable(bundle: SchemaBundle, tableId: string): ColumnDescriptor[] {
  const { table, entityId } = tableSpec(bundle, tableId);
  const columns = (table.columns ?? []) as TableColumnSpec[];
  return columns.map((column) => {
    const property = entityProperty(bundle, entityId, column.field);
    if (!property) throw new Error(`${tableId}: column ${column.field} is not a field of ${entityId}`);
    const kind = fieldKind(property, bundle, entityId);
    return {
      field: column.field,
      header: column.header ?? String(property.title ?? column.field),
      kind,
      sortable: column.sortable === true || typeof column.sortField === "string",
      sortKey: column.sortField ?? column.field,
      link: column.link,
      enumLabels: columnEnumLabels(bundle, entityId, kind, property),
      hidden: column.hidden === true,
    };
  });
}

export function tableDefaults(bundle: SchemaBundle, tableId: string): TableDefaults {
  const { table, entityId } = tableSpec(bundle, tableId);
  const sort = table.defaultSort as { field?: string; order?: "asc" | "desc" } | undefined;
  return { entityId, sort: sort?.field, order: sort?.order ?? "asc" };
}

/**
 * The columns a table shows: the ones picked, in the order picked (a column chooser's choice; a
 * field the table file does not list, such as an item-level answer, shows as text), else the
 * table file's columns that are not hidden.
 */
export function shownColumns(
  all: readonly ColumnDescriptor[],
  picked?: readonly { field: string; header: string }[],
): ColumnDescriptor[] {
  if (!picked) return all.filter((c) => !c.hidden);
  return picked.map(
    (p) =>
      all.find((c) => c.field === p.field) ?? {
        field: p.field,
        header: p.header,
        kind: "text",
        sortable: false,
        sortKey: p.field,
        enumLabels: [],
        hidden: false,
      },
  );
}
