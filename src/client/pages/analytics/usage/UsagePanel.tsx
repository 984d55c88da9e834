import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import { defaultBundle, schemaById } from "../../../../shared/schema/bundle.ts";
import type { ChartDefinition } from "../../../renderers/chart-figure.ts";
import { SchemaChart } from "../../../renderers/SchemaChart.tsx";
import { SchemaTable } from "../../../renderers/SchemaTable.tsx";

/** The spec's words for a usage call that failed (spec §8). */
export const USAGE_FAILURE = "There was a problem loading this data";

type Row = Record<string, unknown>;

export interface UsagePanelProps<R> {
  /** The panel's heading; also names its loading and failure states. */
  title: string;
  query: UseQueryResult<R[]>;
  /** Chart files (schemas/charts/usage-*.json) drawn from the rows, with what one row is. */
  charts?: { id: string; points: { one: string; other: string } }[];
  /** The table file (schemas/tables/usage-*.table.json) listing the rows. */
  tableId: string;
  /** Whether the rows hold nothing worth drawing (every count zero). */
  isEmpty: (rows: R[]) => boolean;
  /** What an empty range means, in words: "No respondent submitted a measure in these dates." */
  emptyText: string;
}

function chartDefinition(id: string, points: { one: string; other: string }): ChartDefinition {
  return { ...(schemaById(defaultBundle, id)["x-chart"] as ChartDefinition), points };
}

/**
 * One usage chart and its table, with the states a person must be able to tell apart: loading
 * (a labelled spinner), failed (the panel flagged red with the spec's sentence and a retry,
 * spec §8), nothing in the range (said in words), and the numbers. Charts and columns come from
 * schema files; the panel only arranges them.
 */
export function UsagePanel<R extends object>({
  title,
  query,
  charts = [],
  tableId,
  isEmpty,
  emptyText,
}: UsagePanelProps<R>) {
  const headingId = useId();
  const failed = query.isError;
  const data = query.data ?? [];
  const empty = query.isSuccess && isEmpty(data);
  // The renderers read any record by its schema's field names; the generated row types have no index signature.
  const rows = data as unknown as Row[];
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      aria-busy={query.isFetching}
      withBorder
      p="md"
      radius="md"
      style={failed ? { borderColor: "var(--mantine-color-red-7)", borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        {failed ? (
          <Alert color="red" variant="light" title={USAGE_FAILURE} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">The numbers for "{title}" could not be loaded. The other charts are not affected.</Text>
              <Button size="compact-sm" variant="outline" color="red" onClick={() => query.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : query.isPending ? (
          <Group role="status" aria-label={`Loading ${title}`}>
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Loading {title.toLowerCase()}…
            </Text>
          </Group>
        ) : empty ? (
          <Text>{emptyText}</Text>
        ) : (
          <>
            {charts.map((chart) => (
              <SchemaChart
                key={chart.id}
                definition={chartDefinition(chart.id, chart.points)}
                rows={rows}
                height={260}
              />
            ))}
            <SchemaTable
              tableId={tableId}
              label={`${title} table`}
              rows={rows}
              totalRecords={rows.length}
              page={1}
              pageSize={Math.max(rows.length, 1)}
              onSortChange={() => {}}
              onPageChange={() => {}}
              loading={query.isFetching}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
