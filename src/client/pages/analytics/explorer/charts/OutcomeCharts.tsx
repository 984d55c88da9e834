import { Alert, Button, Group, List, Loader, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { useId, useMemo, useState } from "react";
import type { AnalyticsQuery } from "../../../../../../generated/types/api/analytics-query.ts";
import type { OutcomeChartId } from "../../../../../../generated/types/api/outcome-chart-id.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../../../shared/schema/bundle.ts";
import { ApiError } from "../../../../api/api-error.ts";
import { type ChartDefinition, chartFigure } from "../../../../renderers/chart-figure.ts";
import { SchemaChart } from "../../../../renderers/SchemaChart.tsx";
import { useOutcomeChart } from "./chart-api.ts";
import { chartCsv, chartFileName, saveFile } from "./chart-files.ts";

const CHART_IDS = "api/outcome-chart-id.json";
export const ONE_MEASURE_TEXT =
  "This chart shows one measure at a time. Select one measure and run the query again, or choose Admission vs discharge, which compares several.";
export const SCORES_ONLY_TEXT = "Charts draw scores. Choose Results: Scores and run the query again.";

type Row = Record<string, unknown>;

function definitionOf(chartId: OutcomeChartId): ChartDefinition {
  return schemaById(defaultBundle, `charts/outcomes-${chartId}.json`)["x-chart"] as ChartDefinition;
}

/**
 * The explorer's charts (issue 13 §2; docs/analytics.md Charts): pick one, and it is drawn for
 * the query last run. Each chart comes from its schema file (schemas/charts/outcomes-*.json) and
 * the numbers from POST /api/analytics/charts/{chartId}; its data table is one click away, and it
 * downloads as PNG (drawn by the lazily loaded plotly) and as CSV (the table's own cells).
 */
export function OutcomeCharts({ query }: { query: AnalyticsQuery | null }) {
  const headingId = useId();
  const options = useMemo(() => enumOptions(schemaById(defaultBundle, CHART_IDS)), []);
  const [chartId, setChartId] = useState<OutcomeChartId>("score-over-time");
  const base = useMemo(() => definitionOf(chartId), [chartId]);
  // A chart that allows one measure is not asked for with several: the panel says so instead.
  const blocked =
    query === null
      ? null
      : query.scorableFilter === false
        ? SCORES_ONLY_TEXT
        : base.oneMeasure && query.measure.length !== 1
          ? ONE_MEASURE_TEXT
          : null;
  const chart = useOutcomeChart(chartId, query && !blocked ? query : null);
  const answer = chart.data?.chartId === chartId ? chart.data : undefined;
  const rows = (answer?.rows ?? []) as unknown as Row[];
  const definition = useMemo<ChartDefinition>(() => {
    const range = answer?.scoreRange;
    const title = answer ? `${answer.title}${answer.measureName ? ` — ${answer.measureName}` : ""}` : base.title;
    return {
      ...base,
      title,
      caption: answer?.caption ?? base.caption,
      scale: range ? { min: range.min, max: range.max, bands: [], cutoff: null } : null,
    };
  }, [base, answer]);
  const [pngBusy, setPngBusy] = useState(false);
  const [pngFailed, setPngFailed] = useState(false);

  const downloadCsv = () => {
    if (!answer) return;
    const table = chartFigure(defaultBundle, definition, rows).table;
    saveFile(chartFileName(answer.title, answer.hash, "csv"), new Blob([chartCsv(table)], { type: "text/csv" }));
  };
  const downloadPng = async () => {
    if (!answer) return;
    setPngBusy(true);
    setPngFailed(false);
    try {
      const { chartPng } = await import("./chart-png.ts");
      const png = await chartPng(chartFigure(defaultBundle, definition, rows), definition.caption ?? "");
      saveFile(chartFileName(answer.title, answer.hash, "png"), png);
    } catch {
      setPngFailed(true);
    } finally {
      setPngBusy(false);
    }
  };

  const failure =
    chart.error instanceof ApiError ? chart.error : chart.error ? new Error("The chart could not be loaded.") : null;
  return (
    <Paper component="section" aria-labelledby={headingId} aria-busy={chart.isFetching} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h3" id={headingId}>
            Charts
          </Title>
          <NativeSelect
            label="Chart"
            value={chartId}
            onChange={(e) => setChartId(e.currentTarget.value as OutcomeChartId)}
            data={options.map((o) => ({ value: String(o.value), label: o.label }))}
            style={{ minWidth: 240 }}
          />
        </Group>
        {query === null ? (
          <Text c="dimmed">Run a query to draw its charts. Each chart counts the records the query selects.</Text>
        ) : blocked ? (
          <Alert color="yellow" variant="light" title="This chart cannot be drawn for this query">
            {blocked}
          </Alert>
        ) : failure ? (
          <Alert color="red" role="alert" title="The chart could not be drawn">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{failure.message}</Text>
              <Button size="compact-sm" variant="outline" color="red" onClick={() => chart.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : !answer ? (
          <Group role="status" aria-label="Loading chart">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Counting the records of the query for this chart…
            </Text>
          </Group>
        ) : (
          <>
            <SchemaChart definition={definition} rows={rows} height={340} />
            <Text size="sm" c="dimmed">
              {definition.caption}
            </Text>
            {answer.notes.length > 0 ? (
              <List size="sm" aria-label="What this chart leaves out">
                {answer.notes.map((note) => (
                  <List.Item key={note}>{note}</List.Item>
                ))}
              </List>
            ) : null}
            {rows.length > 0 ? (
              <Group gap="xs">
                <Button variant="outline" size="sm" onClick={downloadPng} loading={pngBusy}>
                  Download PNG
                </Button>
                <Button variant="outline" size="sm" onClick={downloadCsv}>
                  Download CSV
                </Button>
                {pngFailed ? (
                  <Text size="sm" c="red.8" role="alert">
                    The picture could not be made. The CSV holds the same numbers.
                  </Text>
                ) : null}
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
