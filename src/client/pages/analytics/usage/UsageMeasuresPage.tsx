import { Stack, Text, Title } from "@mantine/core";
import type { UsageMeasureCompletionRow } from "../../../../../generated/types/api/responses/usage-measure-completion-row.ts";
import { UsagePanel } from "./UsagePanel.tsx";
import { UsageRangeControl } from "./UsageRangeControl.tsx";
import { useUsage } from "./usage-api.ts";
import { apiRange, daysProblem, daysText } from "./usage-range.ts";
import { useUsageParams } from "./useUsageParams.ts";

const MEASURES = { one: "measure", other: "measures" };

/**
 * /analytics/usage/measures: which measures are used and answered. For each measure due in the
 * range, how many were due and how many completed (one total for the range, so no grouping).
 */
export function UsageMeasuresPage() {
  const { days, setDays } = useUsageParams("day");
  const ok = daysProblem(days) === null;
  const completion = useUsage<UsageMeasureCompletionRow>(
    "measure-completion",
    { due_date_range: ok ? apiRange(days) : null },
    ok,
  );
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Measure usage</Title>
        <Text c="dimmed">{daysText(days)}, by due date. Counts cover the patients you can see.</Text>
      </div>
      <UsageRangeControl days={days} onDaysChange={setDays} />
      <UsagePanel
        title="Completions per measure"
        query={completion}
        charts={[{ id: "charts/usage-measure-completion.json", points: MEASURES }]}
        tableId="tables/usage-measure-completion.table.json"
        isEmpty={(rows) => rows.length === 0}
        emptyText="No measure was due in these dates."
      />
    </Stack>
  );
}
