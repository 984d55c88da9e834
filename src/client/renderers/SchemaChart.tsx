import { Loader, Table, Text, Title } from "@mantine/core";
import { lazy, Suspense, useId, useMemo } from "react";
import { defaultBundle, type SchemaBundle } from "../../shared/schema/bundle.ts";
import { type ChartDefinition, chartFigure } from "./chart-figure.ts";
import { useChartDrawn, useInPrint } from "./print-charts.ts";

// Plotly is large: it loads with the first chart shown, never with the first page.
const PlotlyChart = lazy(() => import("./PlotlyChart.tsx"));

export interface SchemaChartProps {
  bundle?: SchemaBundle;
  definition: ChartDefinition;
  rows: readonly Record<string, unknown>[];
  height?: number;
  /**
   * A click on a drawn point, with its row (a session's report). Mouse only: the drawing is hidden
   * from assistive technology, so the page must offer the same as links beside the chart.
   */
  onRowClick?: (row: Record<string, unknown>) => void;
}

/**
 * A line or bar chart of rows, described by a chart definition (x field, y field(s), title).
 * Axis types, series names and value labels come from the entity schema through field kinds.
 * A score chart also carries its instrument's scale (full range, bands, cut-off) and an alerts
 * field; the rules for drawing them live in plotly-figure.ts, shared by every page that charts scores.
 * The numbers are also offered as a table, for screen readers and for anyone who wants them.
 * On a print page (print-charts.ts) the chart is a static picture without the folded table (paper
 * cannot unfold it; the print pages list the numbers themselves) and reports when it is drawn.
 */
export function SchemaChart({ bundle = defaultBundle, definition, rows, height = 320, onRowClick }: SchemaChartProps) {
  const figure = useMemo(() => chartFigure(bundle, definition, rows), [bundle, definition, rows]);
  const printed = useInPrint();
  const onDrawn = useChartDrawn(rows.length > 0);
  const titleId = useId();
  const summaryId = useId();
  return (
    <figure
      aria-labelledby={titleId}
      aria-describedby={rows.length > 0 ? summaryId : undefined}
      style={{ margin: 0 }}
      className={printed ? "print-block" : undefined}
    >
      <Title order={3} size="h4" id={titleId} mb="xs">
        {figure.title}
      </Title>
      {rows.length > 0 && (
        // The drawing is hidden from screen readers; this sentence (and the table) say what it shows.
        <Text size="sm" id={summaryId} mb="xs">
          {figure.summary}
        </Text>
      )}
      {rows.length === 0 ? (
        <Text c="dimmed">No records match your selections</Text>
      ) : (
        <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading chart" />}>
          <div aria-hidden="true">
            <PlotlyChart
              figure={figure}
              height={height}
              onPointClick={onRowClick && !printed ? (i) => rows[i] && onRowClick(rows[i]) : undefined}
              printed={printed}
              onDrawn={onDrawn}
            />
          </div>
        </Suspense>
      )}
      {rows.length > 0 && !printed && (
        <details>
          <summary>Data table</summary>
          <Table aria-label={`${figure.title} data`}>
            <Table.Thead>
              <Table.Tr>
                {figure.table.headers.map((h) => (
                  <Table.Th key={h} scope="col">
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figure.table.rows.map((cells, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a chart have no id; their order is their identity
                <Table.Tr key={i}>
                  {cells.map((c, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the fixed header order
                    <Table.Td key={j}>{c}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </details>
      )}
    </figure>
  );
}
