import { Card, NativeSelect, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { ColumnDescriptor } from "./table-columns.ts";

type Row = Record<string, unknown>;

export interface SchemaTableCardsProps {
  descriptors: ColumnDescriptor[];
  rows: readonly Row[];
  label: string;
  loading?: boolean;
  /** What an empty list says; by default "No records match your selections". */
  emptyText?: string;
  /** A column's content for a row, as the table's cell shows it (text or a link). */
  cell: (column: ColumnDescriptor, row: Row) => ReactNode;
  rowId: (row: Row, index: number) => string;
  rowActions?: (row: Row) => ReactNode;
  sort?: string;
  order: "asc" | "desc";
  onSortChange: (sort: string, order: "asc" | "desc") => void;
}

/**
 * A schema table on a phone: one card per row, every column's value under its header (as the
 * chart's measure cards do), the row's actions at the foot, and the sort the headers offer on a
 * wide screen as a select. Nothing scrolls sideways and no column is dropped.
 */
export function SchemaTableCards(props: SchemaTableCardsProps) {
  const { descriptors, rows, label, loading, cell, rowId, rowActions } = props;
  const sortable = descriptors.filter((d) => d.sortable);
  return (
    <Stack gap="sm">
      {sortable.length > 0 && (
        <NativeSelect
          label="Sort by"
          value={props.sort ? `${props.sort}:${props.order}` : ""}
          onChange={(event) => {
            const [sort, order] = event.currentTarget.value.split(":");
            if (sort) props.onSortChange(sort, order === "desc" ? "desc" : "asc");
          }}
          data={[
            ...(props.sort ? [] : [{ value: "", label: "Default order", disabled: true }]),
            ...sortable.flatMap((d) => [
              { value: `${d.sortKey}:asc`, label: `${d.header}, ${ascendingWords(d)}` },
              { value: `${d.sortKey}:desc`, label: `${d.header}, ${descendingWords(d)}` },
            ]),
          ]}
        />
      )}
      {rows.length === 0 ? (
        <Text c="dimmed" py="md" ta="center">
          {loading ? "Loading…" : (props.emptyText ?? "No records match your selections")}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          className="schema-table-cards"
          aria-label={label}
          aria-busy={loading || undefined}
        >
          {rows.map((row, index) => (
            <Card component="li" key={rowId(row, index)} withBorder padding="sm" radius="md">
              <dl className="schema-table-card-fields">
                {descriptors.map((d) => {
                  const content = cell(d, row);
                  return (
                    <div key={d.field} className="schema-table-card-field">
                      <dt>{d.header}</dt>
                      <dd>
                        {content === "" ? (
                          <Text span c="dimmed" inherit>
                            Not provided
                          </Text>
                        ) : (
                          content
                        )}
                      </dd>
                    </div>
                  );
                })}
              </dl>
              {rowActions && <div className="schema-table-card-actions">{rowActions(row)}</div>}
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ascendingWords(d: ColumnDescriptor): string {
  if (d.kind === "date" || d.kind === "datetime") return "oldest first";
  if (d.kind === "integer" || d.kind === "number") return "lowest first";
  return "A to Z";
}

function descendingWords(d: ColumnDescriptor): string {
  if (d.kind === "date" || d.kind === "datetime") return "newest first";
  if (d.kind === "integer" || d.kind === "number") return "highest first";
  return "Z to A";
}
