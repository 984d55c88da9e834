import { Stack, Text, Title } from "@mantine/core";
import type { UsageInvitesRow } from "../../../../../generated/types/api/responses/usage-invites-row.ts";
import type { UsageRespondentsRow } from "../../../../../generated/types/api/responses/usage-respondents-row.ts";
import { UsagePanel } from "./UsagePanel.tsx";
import { UsageRangeControl } from "./UsageRangeControl.tsx";
import { useUsage } from "./usage-api.ts";
import { apiRange, daysProblem, daysText, INTERVAL_POINTS } from "./usage-range.ts";
import { useUsageParams } from "./useUsageParams.ts";

/**
 * /analytics/usage/patients: are patients and their respondents using it? Active and new
 * respondents per period (weekly by default, spec §9 "patient usage weekly"), and where the
 * respondents with measures due stand on invitations (docs/analytics-usage.md).
 */
export function UsagePatientsPage() {
  const { days, interval, setDays, setInterval } = useUsageParams("week");
  const ok = daysProblem(days) === null;
  const range = ok ? apiRange(days) : null;
  const respondents = useUsage<UsageRespondentsRow>("respondents", { date_range: range, graph_interval: interval }, ok);
  const invites = useUsage<UsageInvitesRow>("invites", { due_date_range: range }, ok);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Patient usage</Title>
        <Text c="dimmed">{daysText(days)}. Counts cover the patients you can see.</Text>
      </div>
      <UsageRangeControl days={days} onDaysChange={setDays} interval={interval} onIntervalChange={setInterval} />
      <UsagePanel
        title="Respondents answering measures"
        query={respondents}
        charts={[{ id: "charts/usage-respondents.json", points: INTERVAL_POINTS[interval] }]}
        tableId="tables/usage-respondents.table.json"
        isEmpty={(rows) => rows.every((r) => r.active_respondents === 0)}
        emptyText="No respondent submitted a measure in these dates."
      />
      <UsagePanel
        title="Invitations"
        query={invites}
        tableId="tables/usage-invites.table.json"
        isEmpty={(rows) => rows.every((r) => r.respondents === 0)}
        emptyText="No respondent had a measure due in these dates, so there is no one to count."
      />
    </Stack>
  );
}
