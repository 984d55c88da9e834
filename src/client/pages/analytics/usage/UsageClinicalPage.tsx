import { Stack, Text, Title } from "@mantine/core";
import type { UsageMeasuresDueRow } from "../../../../../generated/types/api/responses/usage-measures-due-row.ts";
import type { UsageSignInsRow } from "../../../../../generated/types/api/responses/usage-sign-ins-row.ts";
import { UsagePanel } from "./UsagePanel.tsx";
import { UsageRangeControl } from "./UsageRangeControl.tsx";
import { useUsage } from "./usage-api.ts";
import { apiRange, daysProblem, daysText, INTERVAL_POINTS } from "./usage-range.ts";
import { useUsageParams } from "./useUsageParams.ts";

const signInsOf = (r: UsageSignInsRow) => r.clinician_logins + r.supervisor_logins + r.staff_logins + r.admin_logins;

/**
 * /analytics/usage/clinical: is the clinic's staff using it? Sign-ins by role, and the measures
 * that came due with how many were completed (daily by default, spec §9 "graph interval daily").
 */
export function UsageClinicalPage() {
  const { days, interval, setDays, setInterval } = useUsageParams("day");
  const ok = daysProblem(days) === null;
  const range = ok ? apiRange(days) : null;
  const signIns = useUsage<UsageSignInsRow>("sign-ins", { date_range: range, graph_interval: interval }, ok);
  const due = useUsage<UsageMeasuresDueRow>("measures-due", { due_date_range: range, graph_interval: interval }, ok);
  const points = INTERVAL_POINTS[interval];
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Clinical usage</Title>
        <Text c="dimmed">{daysText(days)}. Counts cover the people and patients you can see.</Text>
      </div>
      <UsageRangeControl days={days} onDaysChange={setDays} interval={interval} onIntervalChange={setInterval} />
      <UsagePanel
        title="Measures due and completed"
        query={due}
        charts={[
          { id: "charts/usage-measures-due.json", points },
          { id: "charts/usage-percent-completed.json", points },
        ]}
        tableId="tables/usage-measures-due.table.json"
        isEmpty={(rows) => rows.every((r) => r.measures_due === 0)}
        emptyText="No measure was due in these dates."
      />
      <UsagePanel
        title="Clinical sign-ins"
        query={signIns}
        charts={[{ id: "charts/usage-sign-ins.json", points }]}
        tableId="tables/usage-sign-ins.table.json"
        isEmpty={(rows) => rows.every((r) => signInsOf(r) === 0)}
        emptyText="No clinician, supervisor, staff member or admin signed in on these dates."
      />
    </Stack>
  );
}
