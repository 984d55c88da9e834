import { Alert, Badge, Button, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { useCallback, useMemo, useState } from "react";
import type { AnalyticsQuery } from "../../../../../generated/types/api/analytics-query.ts";
import { defaultBundle } from "../../../../shared/schema/bundle.ts";
import { ApiError } from "../../../api/api-error.ts";
import { SchemaTable } from "../../../renderers/SchemaTable.tsx";
import { columnsForTable } from "../../../renderers/table-columns.ts";
import { AnalyticsFilterPanel } from "./AnalyticsFilterPanel.tsx";
import { ColumnChooser } from "./ColumnChooser.tsx";
import { OutcomeCharts } from "./charts/OutcomeCharts.tsx";
import { type RecordsRequest, type SavedQueryRecord, useOutcomeRecords, useSavedQueries } from "./explorer-api.ts";
import { ExportButton } from "./exports/ExportButton.tsx";
import { ExportsList } from "./exports/ExportsList.tsx";
import { queryDefaults } from "./filter-fields.ts";
import { queryErrors } from "./query-validator.ts";
import { SavedQueriesPanel } from "./SavedQueriesPanel.tsx";
import { ClinicalSignificanceSection } from "./significance/ClinicalSignificanceSection.tsx";

const RECORDS_TABLE = "tables/outcome-records.table.json";
const PAGE_SIZE = 25;

/** "query.measure" or "query/measure" (a body field's path) -> "measure", the filter it belongs to. */
function filterOf(field: string): string {
  return field.replace(/^\/?query[./]?/, "").split(/[./]/)[0] ?? field;
}

/**
 * The outcomes explorer (spec §2 Analytics; issue 13): saved queries, the filters drawn from the
 * query schema, and the records table with its column chooser. A query runs when asked, not on
 * every change, so a half-built query never scans a million records.
 */
export function OutcomesExplorerPage() {
  const allColumns = useMemo(() => columnsForTable(defaultBundle, RECORDS_TABLE), []);
  const defaultFields = useMemo(() => allColumns.filter((c) => !c.hidden).map((c) => c.field), [allColumns]);
  const [query, setQuery] = useState<AnalyticsQuery>(() => queryDefaults(defaultBundle) as unknown as AnalyticsQuery);
  const [columns, setColumns] = useState<string[]>(defaultFields);
  const [openId, setOpenId] = useState<number | null>(null);
  const [request, setRequest] = useState<RecordsRequest | null>(null);
  const records = useOutcomeRecords(request);
  const savedQueries = useSavedQueries();
  // An export names the saved query only while the query on screen is still that query.
  const savedId = (hash: string) => savedQueries.data?.rows.find((q) => q.id === openId && q.hash === hash)?.id;

  const [problems, setProblems] = useState<Record<string, string>>({});
  const run = () => {
    const found = queryErrors(defaultBundle, query);
    setProblems(Object.fromEntries(found.map((e) => [e.field, e.message])));
    if (found.length) return;
    setRequest({ query, columns, sort: "completed_at", order: "desc", page: 1, pageSize: PAGE_SIZE });
  };
  const open = useCallback(
    (saved: SavedQueryRecord) => {
      setOpenId(saved.id);
      setQuery(saved.query);
      setColumns(saved.columns.length ? saved.columns : defaultFields);
      setRequest(null);
    },
    [defaultFields],
  );
  const onChange = useCallback((next: AnalyticsQuery) => setQuery(next), []);

  const failure = records.error instanceof ApiError ? records.error : null;
  const errors: Record<string, string> = { ...problems };
  for (const e of failure?.fieldErrors ?? []) errors[filterOf(e.field ?? "")] ??= e.message;
  const problemCount = Object.keys(problems).length;
  const page = records.data;
  const rows = useMemo(() => (page?.rows ?? []).map((r, i) => ({ ...r, id: `${r.record_id}-${i}` })), [page]);
  const savedColumns = columns.join() === defaultFields.join() ? [] : columns;

  return (
    <Stack gap="md">
      <Title order={1}>Outcomes explorer</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <SavedQueriesPanel current={{ query, columns: savedColumns }} openId={openId} onOpen={open} />
            <form
              onSubmit={(e) => {
                e.preventDefault();
                run();
              }}
            >
              <Stack gap="sm">
                <AnalyticsFilterPanel query={query} onChange={onChange} errors={errors} />
                {problemCount ? (
                  <Text role="alert" size="sm" c="red.8">
                    {problemCount === 1 ? "One filter needs attention" : `${problemCount} filters need attention`}:{" "}
                    {Object.values(problems).join(" ")}
                  </Text>
                ) : null}
                <Button type="submit" loading={records.isFetching}>
                  Run query
                </Button>
              </Stack>
            </form>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm" component="section" aria-labelledby="records-title">
            <Group justify="space-between">
              <Title order={2} size="h3" id="records-title">
                Records
              </Title>
              <ColumnChooser
                all={allColumns}
                shown={columns}
                onChange={(next) => {
                  setColumns(next);
                  if (request) setRequest({ ...request, columns: next });
                }}
              />
            </Group>
            {request === null ? (
              <Text c="dimmed">
                Pick the programs, measures and people to include, then run the query. Records show here, one per score.
              </Text>
            ) : null}
            {failure ? (
              <Alert color="red" role="alert" title="The query did not run">
                {failure.message}
              </Alert>
            ) : null}
            {page && request ? (
              <>
                <Group gap="xs">
                  <Text aria-live="polite">
                    {page.totalRecords === 0
                      ? "0 records found"
                      : `${page.totalRecords.toLocaleString("en-US")} records found`}
                  </Text>
                  <Badge
                    variant="light"
                    color="gray"
                    title="The hash of this query's definition, written into its exports"
                  >
                    Hash {page.hash}
                  </Badge>
                  <ExportButton
                    request={{ query: request.query, columns: request.columns, savedQueryId: savedId(page.hash) }}
                    totalRecords={page.totalRecords}
                  />
                </Group>
                <SchemaTable
                  tableId={RECORDS_TABLE}
                  columns={page.columns}
                  rows={rows}
                  totalRecords={page.totalRecords}
                  page={request.page}
                  pageSize={request.pageSize}
                  sort={request.sort}
                  order={request.order}
                  onSortChange={(sort, order) => setRequest({ ...request, sort, order, page: 1 })}
                  onPageChange={(p) => setRequest({ ...request, page: p })}
                  label="Outcome records"
                  countLabel={(n) => `${n.toLocaleString("en-US")} records`}
                  loading={records.isFetching}
                />
              </>
            ) : null}
          </Stack>
          {/* Issue 13 §2: the charts of the query last run (charts/OutcomeCharts.tsx). */}
          <OutcomeCharts query={request?.query ?? null} />
          <ExportsList />
        </Grid.Col>
      </Grid>
      <ClinicalSignificanceSection query={request?.query ?? null} />
    </Stack>
  );
}
