import type { ReactNode } from "react";
import { SchemaTable } from "../renderers/SchemaTable.tsx";
import { type ListResponse, type QueryValue, useEntityList } from "./entity-api.ts";
import type { EntityDefinition, StoredRecord } from "./entity-definition.ts";
import { ListFilters } from "./ListFilters.tsx";
import { ListFrame } from "./ListFrame.tsx";
import { pagedTableProps, useListPosition } from "./list-state.ts";
import { type SavedFilterOptions, useSavedFilters } from "./useSavedFilters.ts";

/** A list call's answer: the page of rows, and whatever else that list says (the patients' view). */
export type ListAnswer<Row> = ListResponse<Row> & Record<string, unknown>;

export interface EntityListPageProps<Row extends StoredRecord> {
  /** Its tableId gives the columns, default sort and filters; its listPath the call. */
  entity: EntityDefinition & { tableId: string };
  /** The page heading, also the table's accessible name. */
  title: string;
  /** Where "Add {noun}" leads; omitted when the user may not add (or records are not added here). */
  addTo?: string;
  searchPlaceholder: string;
  /** The page a row's link column opens. */
  rowHref: (row: Row) => string;
  /** Filters of the table's query schema, remembered in the user's UI settings. */
  savedFilters?: SavedFilterOptions;
  /** More of the list call's query, kept by the page (the patients' view). */
  query?: Record<string, QueryValue>;
  /** More controls beside the search box, given the server's latest answer. */
  filters?: (answer: ListAnswer<Row> | undefined) => ReactNode;
  /** Controls for one row (account actions, Delete), in a last column. */
  rowActions?: (row: Row) => ReactNode;
  /** Dialogs the row actions open. */
  children?: ReactNode;
}

/**
 * A list page built from a table file (schemas/tables): heading, add button, search, the query
 * schema's filters, and the server-sorted, server-paged table, its position kept in the address.
 * What is particular to a list (a view selector, row actions, dialogs) comes in through props.
 */
export function EntityListPage<Row extends StoredRecord>(props: EntityListPageProps<Row>) {
  const { entity, title, addTo, searchPlaceholder, rowHref, savedFilters, query, filters, rowActions, children } =
    props;
  const { position, update, searchText, setSearchText } = useListPosition(entity.tableId);
  const saved = useSavedFilters(entity.tableId, savedFilters);
  const list = useEntityList<ListAnswer<Row>>(entity, { ...position, ...saved.query, ...query }, saved.ready);
  const countLabel = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? entity.noun : entity.plural}`;

  return (
    <ListFrame
      title={title}
      add={addTo ? { label: `Add ${entity.noun}`, to: addTo } : undefined}
      searchLabel={`Search ${entity.plural}`}
      searchPlaceholder={searchPlaceholder}
      searchText={searchText}
      onSearchText={setSearchText}
      error={list.error}
      filters={
        <>
          <ListFilters
            specs={saved.specs}
            values={saved.values}
            onChange={(field, value) => {
              update({ page: 1 });
              saved.choose(field, value);
            }}
          />
          {filters?.(list.data)}
        </>
      }
    >
      <SchemaTable
        tableId={entity.tableId}
        label={title}
        {...pagedTableProps(position, update, list)}
        rowHref={rowHref}
        countLabel={countLabel}
        loading={list.isFetching || !saved.ready}
        rowActions={rowActions}
      />
      {children}
    </ListFrame>
  );
}
