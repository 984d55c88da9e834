import { Anchor, Group, Pagination, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  type ColumnDef,
  functionalUpdate,
  type PaginationState,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from "@tanstack/react-table";
import { type ReactNode, useMemo, useRef } from "react";
import { Link } from "react-router-dom";
import { reachablePages, type TotalAccuracy } from "../../shared/lists/list-reach.ts";
import { defaultBundle, type SchemaBundle } from "../../shared/schema/bundle.ts";
import { CellText } from "./CellText.tsx";
import { formatValue, isNew, needsAction } from "./format-value.ts";
import { SchemaTableCards } from "./SchemaTableCards.tsx";
import { type ColumnDescriptor, columnsForTable, shownColumns } from "./table-columns.ts";
import "./renderers.css";

export type TableRow = Record<string, unknown>;
export type SortOrder = "asc" | "desc";

export interface SchemaTableProps<Row extends TableRow> {
  bundle?: SchemaBundle;
  /** A table file id, e.g. "tables/patients.table.json". */
  tableId: string;
  /** One page of rows, already searched, sorted and paged by the server. */
  rows: readonly Row[];
  totalRecords: number;
  /** "about": totalRecords is the server's estimate of a list longer than a pager reaches. */
  totalAccuracy?: TotalAccuracy;
  /** 1-based page number. */
  page: number;
  pageSize: number;
  /** The server's sort field and order. */
  sort?: string;
  order?: SortOrder;
  onSortChange: (sort: string, order: SortOrder) => void;
  onPageChange: (page: number) => void;
  /** Address of the page a link column opens for a row; `link` is the column's link name. */
  rowHref?: (row: Row, link: string) => string;
  /** Accessible name of the table. */
  label: string;
  /** Pager text, e.g. n => `${n} patients`. */
  countLabel?: (count: number) => string;
  loading?: boolean;
  /**
   * Controls for one row (a menu of account actions), shown in a last column headed
   * `actionsHeader`. Actions are the page's: the table only gives them a place.
   */
  rowActions?: (row: Row) => ReactNode;
  actionsHeader?: string;
  /**
   * "pages" (default): a pager under the table. "more": the page shows every row loaded so far
   * and loads more itself (a scroll-loaded worklist with its "Load more" button): no pager.
   */
  paging?: "pages" | "more";
  /** What an empty list says (default "No records match your selections"), e.g. "Nothing is due today." */
  emptyText?: string;
  /** The columns to show, in order (a column chooser's pick); default: the table file's shown columns. */
  columns?: readonly { field: string; header: string }[];
}

// Server-side ("manual") sorting and paging: the table keeps the state, the server does the work.
const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;
const ACTIONS_COLUMN = "__actions";
const NO_MATCH = "No records match your selections";

/** The width under which rows show as cards: a phone held upright (the app's phone breakpoint). */
export const CARD_LAYOUT_QUERY = "(max-width: 36em)";

function cellText(column: ColumnDescriptor, row: TableRow): string {
  return formatValue(column.kind, row[column.field], column.enumLabels);
}

/** A cell's content, in the table and on a phone's card alike: its text, or a link to the row's page. */
function cellContent(
  column: ColumnDescriptor,
  row: TableRow,
  rowHref?: (row: never, link: string) => string,
): ReactNode {
  const text = cellText(column, row);
  if (column.link && rowHref) {
    return (
      <Anchor component={Link} to={rowHref(row as never, column.link)}>
        {text || "(no name)"}
      </Anchor>
    );
  }
  // A value that calls for action gets its warning mark; plain text stays a string, so a card can
  // tell an empty value ("Not provided") from a filled one.
  return needsAction(column.kind, row[column.field]) || isNew(column.kind, row[column.field]) ? (
    <CellText kind={column.kind} value={row[column.field]} text={text} />
  ) : (
    text
  );
}

/**
 * A table whose columns come from a table schema file (STYLE habits 1 and 3): headers, cell
 * formatting by field kind, sortable headers as buttons with aria-sort, and a pager. Paging,
 * sorting and search belong to the server; this component reports what the user asked for.
 */
export function SchemaTable<Row extends TableRow>(props: SchemaTableProps<Row>) {
  const { bundle = defaultBundle, tableId, rows, totalRecords, page, pageSize, sort, order = "asc" } = props;
  const { onSortChange, onPageChange, rowHref, label, countLabel, loading, rowActions } = props;
  const { actionsHeader = "Actions" } = props;
  const picked = props.columns;
  const descriptors = useMemo(() => shownColumns(columnsForTable(bundle, tableId), picked), [bundle, tableId, picked]);
  // Read on the first render, so a phone never draws the wide table first.
  const cards = useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });

  const columns = useMemo<ColumnDef<typeof features, Row>[]>(
    () => [
      ...descriptors.map(
        (d): ColumnDef<typeof features, Row> => ({
          id: d.field,
          header: d.header,
          accessorFn: (row: Row) => row[d.field] as never,
          enableSorting: d.sortable,
          cell: ({ row }) => cellContent(d, row.original, rowHref),
        }),
      ),
      ...(rowActions
        ? [
            {
              id: ACTIONS_COLUMN,
              header: actionsHeader,
              enableSorting: false,
              cell: ({ row }) => rowActions(row.original),
            } satisfies ColumnDef<typeof features, Row>,
          ]
        : []),
    ],
    [descriptors, rowHref, rowActions, actionsHeader],
  );

  const sortedColumn = descriptors.find((d) => d.sortable && d.sortKey === sort);
  const sorting: SortingState = sortedColumn ? [{ id: sortedColumn.field, desc: order === "desc" }] : [];
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };

  const table = useTable({
    features,
    columns,
    data: rows as Row[],
    getRowId: (row, index) => String(row.id ?? index),
    state: { sorting, pagination },
    manualSorting: true,
    manualPagination: true,
    rowCount: totalRecords,
    sortDescFirst: false,
    enableSortingRemoval: false,
    enableMultiSort: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting)[0];
      const column = next && descriptors.find((d) => d.field === next.id);
      if (column) onSortChange(column.sortKey, next.desc ? "desc" : "asc");
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      onPageChange(functionalUpdate(updater, pagination).pageIndex + 1);
    },
  });

  // The pager offers the pages the server opens by number (the first 10,000 rows); past them a
  // search or a sort finds a record, and the count says so.
  const pageCount = props.paging === "more" ? 1 : reachablePages(totalRecords, pageSize);
  // A table with nothing to focus (no links, sort buttons or row actions) still scrolls sideways
  // on a phone: its scroll area takes the focus itself so a keyboard can scroll it (WCAG 2.1.1).
  const focusless = !rowActions && !descriptors.some((d) => d.sortable || (d.link && rowHref));
  const scrollAreaProps = focusless
    ? { viewportProps: { tabIndex: 0, role: "region", "aria-label": `${label} (scrolls sideways)` } }
    : undefined;
  const top = useRef<HTMLDivElement>(null);
  let body: ReactNode;
  if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Text c="dimmed" py="md" ta="center">
            {loading ? "Loading…" : (props.emptyText ?? NO_MATCH)}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = table.getRowModel().rows.map((row) => (
      <Table.Tr key={row.id}>
        {row.getAllCells().map((cell) => (
          <Table.Td key={cell.id}>
            <table.FlexRender cell={cell} />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  return (
    <div ref={top} style={{ scrollMarginTop: "calc(var(--app-shell-header-offset, 0px) + 1rem)" }}>
      {cards ? (
        <SchemaTableCards
          descriptors={descriptors}
          rows={rows}
          label={label}
          loading={loading}
          emptyText={props.emptyText}
          cell={(d, row) => cellContent(d, row, rowHref)}
          rowId={(row, index) => String(row.id ?? index)}
          rowActions={rowActions as ((row: TableRow) => ReactNode) | undefined}
          sort={sort}
          order={order}
          onSortChange={onSortChange}
        />
      ) : (
        <Table.ScrollContainer minWidth={720} scrollAreaProps={scrollAreaProps}>
          <Table striped highlightOnHover aria-label={label} aria-busy={loading || undefined}>
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => {
                    const direction = header.column.getIsSorted();
                    const canSort = header.column.getCanSort();
                    return (
                      <Table.Th
                        key={header.id}
                        scope="col"
                        aria-sort={canSort ? (direction ? ARIA_SORT[direction] : "none") : undefined}
                      >
                        {canSort ? (
                          <SortButton direction={direction} onClick={header.column.getToggleSortingHandler()}>
                            <table.FlexRender header={header} />
                          </SortButton>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {/* No count until the first page arrives: "0 patients" would be untrue while loading. */}
          {loading && rows.length === 0 ? "" : totalText(totalRecords, props.totalAccuracy, countLabel)}
        </Text>
        {pageCount > 1 && (
          <Pagination
            total={pageCount}
            value={page}
            onChange={(next) => {
              table.setPageIndex(next - 1);
              // The pager sits under the table: show the new page from its first row.
              top.current?.scrollIntoView({ block: "start" });
            }}
            size="sm"
            getControlProps={(control) => ({ "aria-label": `${control} page` })}
          />
        )}
      </Group>
    </div>
  );
}

/** "12 patients", or for an estimated total "About 98,000 patients. Search to find one." */
function totalText(
  total: number,
  accuracy: TotalAccuracy = "exact",
  countLabel = (n: number) => `${n.toLocaleString("en-US")} records`,
) {
  if (accuracy === "exact") return countLabel(total);
  return `About ${countLabel(roughly(total))}. Search to find one.`;
}

/** An estimate to two significant figures: 98,713 reads as 99,000, not as a count. */
function roughly(n: number): number {
  const scale = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1);
  return Math.round(n / scale) * scale;
}

function SortButton({
  direction,
  onClick,
  children,
}: {
  direction: false | "asc" | "desc";
  onClick: ((event: unknown) => void) | undefined;
  children: ReactNode;
}) {
  return (
    <button type="button" className="schema-table-sort" onClick={onClick}>
      {children}
      <span aria-hidden="true" className="schema-table-sort-icon">
        {direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}
      </span>
    </button>
  );
}
