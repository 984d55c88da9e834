import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Link } from "react-router-dom";
import { formatCalendarDate, formatMomentDay } from "../../dates/clinic-dates.ts";
import { ProgressPdfButton } from "../documents/ProgressPdfButton.tsx";
import { relationLabel, sessionStatusLabel } from "../measures/measure-format.ts";
import { measurePaths } from "../measures/measure-paths.ts";
import type { MeasureOverview, RespondentOverview } from "./chart-api.ts";
import { HandDeviceButton } from "./HandDeviceButton.tsx";
import { MeasureProgressChart } from "./MeasureProgressChart.tsx";
import { SendReminderButton } from "./SendReminderButton.tsx";

/** "1 session completed", "3 sessions completed": a count always says what it counts. */
export function sessionsCompleted(count: number): string {
  return `${count} ${count === 1 ? "session" : "sessions"} completed`;
}

/**
 * The measures given to one respondent of the chart: status, due date, latest score, progress;
 * and, for a clinician who may write to the chart, "Hand device to …" and "Send reminder".
 */
export function RespondentMeasures({
  overview,
  canWrite = false,
  showChart = () => true,
}: {
  overview: RespondentOverview;
  canWrite?: boolean;
  /** Whether a measure's progress chart is shown (the user's chart choice); the table lists every measure. */
  showChart?: (measure: MeasureOverview) => boolean;
}) {
  const { ccaId, ccauId, rows } = overview;
  const relation = relationLabel(overview.respondent.relation_id);
  const titleId = `respondent-${ccauId}`;
  const charted = rows.filter((r) => r.progress_chart.show_chart && showChart(r));
  // On a phone the table would hide its right-hand columns behind a scroll: cards instead.
  const narrow = useMediaQuery("(max-width: 48em)");
  return (
    <section aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="xs" mb="xs" wrap="wrap">
        <Title order={3} size="h4" id={titleId}>
          {overview.respondent.name}
          {relation && (
            <Text span c="dimmed" fw={400} size="sm">
              {" "}
              ({relation})
            </Text>
          )}
        </Title>
        {canWrite && (
          <Group gap="xs" wrap="wrap">
            {rows.some((r) => r.next_due) && <HandDeviceButton ccauId={ccauId} name={overview.respondent.name} />}
            <SendReminderButton overview={overview} />
          </Group>
        )}
      </Group>
      <Stack gap="md">
        {narrow ? (
          <Stack gap="xs" role="list" aria-label={`Measures of ${overview.respondent.name}`}>
            {rows.map((m) => (
              <MeasureCard key={m.measureLibraryId} measure={m} ccaId={ccaId} ccauId={ccauId} />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder striped aria-label={`Measures of ${overview.respondent.name}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Measure</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Due</Table.Th>
                  <Table.Th scope="col">Latest score</Table.Th>
                  <Table.Th scope="col">Completed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((m) => (
                  <Table.Tr key={m.measureLibraryId}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {m.abbreviation}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {m.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{m.next_due ? sessionStatusLabel(m.next_due.status) : "Nothing open"}</Text>
                      {m.next_schedules[0] && (
                        <Text size="xs" c="dimmed">
                          {m.next_schedules[0].frequency_information}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{m.next_due ? formatCalendarDate(m.next_due.due_date) : "—"}</Text>
                    </Table.Td>
                    <Table.Td>
                      {m.latest ? (
                        <Stack gap={2} align="flex-start">
                          <Anchor
                            component={Link}
                            to={measurePaths.report(ccaId, ccauId, m.latest.clientMeasureId)}
                            size="sm"
                          >
                            {m.latest.score ?? "Not scored"}
                            {m.latest.severity ? ` · ${m.latest.severity}` : ""}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {formatMomentDay(m.latest.date)}
                          </Text>
                        </Stack>
                      ) : (
                        <Text size="sm" c="dimmed">
                          No results yet
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray">
                        {sessionsCompleted(m.sessions_completed)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ProgressPdfButton ccaId={ccaId} ccauId={ccauId} />
        {charted.length > 0 && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            {charted.map((m) => (
              <MeasureProgressChart key={m.measureLibraryId} measure={m} ccaId={ccaId} ccauId={ccauId} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </section>
  );
}

function MeasureCard({ measure: m, ccaId, ccauId }: { measure: MeasureOverview; ccaId: number; ccauId: number }) {
  return (
    <Card withBorder padding="sm" radius="md" role="listitem">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {m.abbreviation}
          </Text>
          <Text size="xs" c="dimmed">
            {m.name}
          </Text>
        </div>
        <Badge variant="light" color="gray" style={{ flex: "none" }}>
          {sessionsCompleted(m.sessions_completed)}
        </Badge>
      </Group>
      <Text size="sm" mt={6}>
        {m.next_due
          ? `${sessionStatusLabel(m.next_due.status)} · due ${formatCalendarDate(m.next_due.due_date)}`
          : "Nothing open"}
      </Text>
      {m.latest ? (
        <Text size="sm">
          Latest:{" "}
          <Anchor component={Link} to={measurePaths.report(ccaId, ccauId, m.latest.clientMeasureId)}>
            {m.latest.score ?? "Not scored"}
            {m.latest.severity ? ` · ${m.latest.severity}` : ""}
          </Anchor>{" "}
          <Text span size="xs" c="dimmed">
            {formatMomentDay(m.latest.date)}
          </Text>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          No results yet
        </Text>
      )}
    </Card>
  );
}
