import { Alert, List, Loader, Radio, Stack, Table, Text, Title } from "@mantine/core";
import { useId, useMemo, useState } from "react";
import type { AnalyticsQuery } from "../../../../../../generated/types/api/analytics-query.ts";
import type { ClinicalSignificance } from "../../../../../../generated/types/api/responses/clinical-significance.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../../../shared/schema/bundle.ts";
import { ApiError } from "../../../../api/api-error.ts";
import type { ChartDefinition } from "../../../../renderers/chart-figure.ts";
import { SchemaChart } from "../../../../renderers/SchemaChart.tsx";
import { type SignificanceMethod, useClinicalSignificance } from "./significance-api.ts";

const CHART_ID = "charts/clinical-significance.json";
const ROW_SCHEMA = "api/responses/clinical-significance-row.json";
const METHODS = "enums/significance-method.json";
const NHS = "nhs-talking-therapies";

const JACOBSON_TRUAX_RULE =
  "Reliable change index = (discharge score − admission score) ÷ S_diff, where S_diff = √2 × SD × √(1 − r) from the instrument's published test–retest reliability r and standard deviation SD. A change is reliable when the index is beyond ±1.96, read in the instrument's direction of improvement; recovered is a reliable improvement that also crosses the instrument's cut-off from the clinical side to the other.";
const NHS_RULE =
  "NHS Talking Therapies: a reliable improvement is a fall of at least 6 points on the PHQ-9 or 4 on the GAD-7 (a rise as large is a reliable deterioration); reliable recovery is a reliable improvement from caseness at admission (PHQ-9 10 or more, GAD-7 8 or more) to below it at discharge. Episodes below caseness at admission are counted apart.";

// Nothing in the table takes the focus: its scroll area does, so a keyboard can scroll it on a phone.
const SCROLL_AREA = {
  viewportProps: {
    tabIndex: 0,
    role: "region",
    "aria-label": "Clinical significance by instrument (scrolls sideways)",
  },
};

type Instrument = ClinicalSignificance["instruments"][number];
type Reference = NonNullable<Instrument["parameters"]>["references"][number];
type Category = "recovered" | "improved" | "unchanged" | "deteriorated" | "not_case";

/** The categories this method counts, with the row schema's titles (the table's headers and the chart's legend). */
function categoriesOf(method: SignificanceMethod): { field: Category; title: string }[] {
  const properties = schemaById(defaultBundle, ROW_SCHEMA).properties ?? {};
  const fields: Category[] = ["recovered", "improved", "unchanged", "deteriorated"];
  if (method === NHS) fields.push("not_case");
  return fields.map((field) => ({ field, title: String(properties[field]?.title ?? field) }));
}

function referenceText(r: Reference): string {
  const where = [r.volume, r.issue ? `(${r.issue})` : "", r.pages ? `:${r.pages}` : ""].join("");
  return `${r.authors} (${r.year}). ${r.title}. ${r.journal}${where ? ` ${where}` : ""}.`;
}

function Parameters({ instrument }: { instrument: Instrument }) {
  const p = instrument.parameters;
  if (!p) return null;
  return (
    <Stack gap={4}>
      <Title order={4} size="h5">
        {instrument.abbreviation}
      </Title>
      <List size="sm" spacing={2}>
        {p.testRetestReliability !== undefined ? (
          <List.Item>Test–retest reliability r = {p.testRetestReliability}</List.Item>
        ) : null}
        {p.sd !== undefined ? (
          <List.Item>
            Standard deviation {p.sd}
            {p.sdBasis ? ` (${p.sdBasis})` : ""}
          </List.Item>
        ) : null}
        {p.cutoff ? <List.Item>Clinical cut-off: {p.cutoff}</List.Item> : null}
        {p.caseness ? <List.Item>Caseness: {p.caseness}</List.Item> : null}
        <List.Item>Reliable change: {p.reliableChangePoints} points</List.Item>
        <List.Item>{p.improvement}</List.Item>
        <List.Item>{p.criterion}</List.Item>
      </List>
      <Text size="sm" fw={500}>
        References
      </Text>
      <List size="sm" spacing={2}>
        {p.references.map((r) => (
          <List.Item key={`${r.title}-${r.year}`}>{referenceText(r)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * Clinical significance of change between admission and discharge for the query last run
 * (issue 13 §3; docs/analytics.md): a method chooser, a table of paired episodes by category with
 * each instrument's parameters and references (or why it is left out), and a stacked bar drawn by
 * the generic chart renderer from charts/clinical-significance.json.
 */
export function ClinicalSignificanceSection({ query }: { query: AnalyticsQuery | null }) {
  const headingId = useId();
  const methods = useMemo(() => enumOptions(schemaById(defaultBundle, METHODS)), []);
  const [method, setMethod] = useState<SignificanceMethod>("jacobson-truax");
  const result = useClinicalSignificance(query, method);
  const categories = categoriesOf(method);
  const data = result.data?.method === method ? result.data : undefined;
  const included = (data?.instruments ?? []).filter((i) => !i.excluded);
  const chartRows = included.filter((i) => i.pairs > 0).map((i) => i.counts as unknown as Record<string, unknown>);
  const chart = useMemo(() => {
    const base = schemaById(defaultBundle, CHART_ID)["x-chart"] as ChartDefinition;
    return { ...base, y: categories.map((c) => c.field) };
  }, [categories]);
  const failure =
    result.error instanceof ApiError ? result.error : result.error ? new Error(String(result.error)) : null;

  return (
    <Stack component="section" aria-labelledby={headingId} aria-busy={result.isFetching} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        Clinical significance
      </Title>
      <Radio.Group
        label="Method"
        description="How change between admission and discharge is judged, for each episode with a score at both."
        value={method}
        onChange={(v) => setMethod(v as SignificanceMethod)}
      >
        <Stack gap={6} mt={6}>
          {methods.map((m) => (
            <Radio key={String(m.value)} value={String(m.value)} label={m.label} />
          ))}
        </Stack>
      </Radio.Group>
      <Text size="sm">{method === NHS ? NHS_RULE : JACOBSON_TRUAX_RULE}</Text>
      {query === null ? (
        <Text c="dimmed">
          Run a query to see, for each of its instruments, how many episodes recovered, improved, did not change or
          deteriorated between the admission and the discharge score.
        </Text>
      ) : null}
      {query !== null && result.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading clinical significance" />
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" title="Clinical significance did not load">
          {failure.message}
        </Alert>
      ) : null}
      {data ? (
        <>
          <Text size="sm">
            Episodes count when they have a total score at admission (the episode's first) and at discharge, by the same
            respondent.
          </Text>
          {data.instruments.length === 0 ? <Text c="dimmed">The query has no scored measure.</Text> : null}
          {data.instruments.length > 0 ? (
            <Table.ScrollContainer minWidth={640} scrollAreaProps={SCROLL_AREA}>
              <Table aria-label="Clinical significance by instrument" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Instrument</Table.Th>
                    <Table.Th scope="col">Paired episodes</Table.Th>
                    {categories.map((c) => (
                      <Table.Th scope="col" key={c.field}>
                        {c.title}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.instruments.map((i) => (
                    <Table.Tr key={i.measureId}>
                      <Table.Th scope="row">{i.abbreviation}</Table.Th>
                      <Table.Td>{i.pairs}</Table.Td>
                      {i.excluded ? (
                        <Table.Td colSpan={categories.length}>{i.reason}</Table.Td>
                      ) : (
                        categories.map((c) => <Table.Td key={c.field}>{i.counts[c.field]}</Table.Td>)
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          {data.instruments.length > 0 && included.length === 0 ? (
            <Text size="sm">
              No instrument of this query can be judged by this method; the table says why for each.
              {method !== NHS ? " The NHS Talking Therapies method covers the PHQ-9 and GAD-7." : ""}
            </Text>
          ) : null}
          {included.length > 0 && chartRows.length === 0 ? (
            <Text size="sm">
              No episode of this query has both an admission and a discharge score of{" "}
              {included.map((i) => i.abbreviation).join(" or ")}, so there is nothing to chart.
            </Text>
          ) : null}
          {chartRows.length > 0 ? <SchemaChart definition={chart} rows={chartRows} /> : null}
          {included.length > 0 ? (
            <Stack gap="xs">
              <Title order={3} size="h4">
                Parameters used
              </Title>
              {included.map((i) => (
                <Parameters key={i.measureId} instrument={i} />
              ))}
            </Stack>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
