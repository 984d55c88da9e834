import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { errorText } from "../../api/error-text.ts";
import { formatCalendarDate } from "../../dates/clinic-dates.ts";
import { relationLabel } from "../measures/measure-format.ts";
import { type TeamMember, useChartTeam } from "./chart-api.ts";
import { type ListLine, listLines, removable } from "./measure-list-rows.ts";
import { useRespondentMeasureList } from "./measures-list-api.ts";
import { sessionsCompleted } from "./RespondentMeasures.tsx";
import { type ScheduleAction, ScheduleDialog } from "./ScheduleDialog.tsx";

/**
 * The chart's Measures list tab: per respondent, each schedule with its frequency in words and
 * its next due date, and (with patients.write) the changes of spec §4: change the frequency,
 * move the next due date, remove. Each change asks first, saying what it will do.
 */
export function ChartMeasuresList({ ccaId, canWrite }: { ccaId: number; canWrite: boolean }) {
  const team = useChartTeam(ccaId);
  if (team.isPending)
    return (
      <Center py="md">
        <Loader size="sm" role="status" aria-label="Loading measures" />
      </Center>
    );
  if (team.isError)
    return (
      <Alert color="red" title="The respondents could not be loaded">
        {errorText(team.error)}
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        Measures list
      </Title>
      {team.data.rows.map((member) => (
        <RespondentList key={member.ccauId} member={member} canWrite={canWrite} />
      ))}
    </Stack>
  );
}

function RespondentList({ member, canWrite }: { member: TeamMember; canWrite: boolean }) {
  const list = useRespondentMeasureList(member.ccauId);
  const narrow = useMediaQuery("(max-width: 36em)");
  const [action, setAction] = useState<{ kind: ScheduleAction; line: ListLine } | null>(null);
  const relation = member.relation || relationLabel(member.relation_id);
  const label = `Measures list of ${member.full_name}`;
  const lines = list.data ? listLines(list.data.rows) : [];
  const open = (kind: ScheduleAction, line: ListLine) => setAction({ kind, line });
  return (
    <section aria-label={label}>
      <Title order={3} size="h4" mb="xs">
        {member.full_name}
        {relation && (
          <Text span c="dimmed" fw={400} size="sm">
            {" "}
            ({relation})
          </Text>
        )}
      </Title>
      {list.isPending ? (
        <Loader size="sm" role="status" aria-label={`Loading ${label}`} />
      ) : list.isError ? (
        <Alert color="red" title="The measures could not be loaded">
          {errorText(list.error)}
        </Alert>
      ) : lines.length === 0 ? (
        <Text c="dimmed" size="sm">
          No measures have been given.
        </Text>
      ) : narrow ? (
        <Stack gap="xs" role="list" aria-label={label}>
          {lines.map((line) => (
            <Card key={line.key} withBorder padding="sm" role="listitem">
              <MeasureName line={line} />
              <Text size="sm" mt={4}>
                {frequencyText(line)} · {dueText(line)}
              </Text>
              <Badge variant="light" color="gray" mt={4}>
                {sessionsCompleted(line.measure.sessions_completed)}
              </Badge>
              {canWrite && <Actions line={line} onAction={open} />}
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder striped aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Measure</Table.Th>
                <Table.Th scope="col">Frequency</Table.Th>
                <Table.Th scope="col">Next due</Table.Th>
                <Table.Th scope="col">Completed</Table.Th>
                {canWrite && <Table.Th scope="col">Changes</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.key}>
                  <Table.Td>
                    <MeasureName line={line} />
                  </Table.Td>
                  <Table.Td>{frequencyText(line)}</Table.Td>
                  <Table.Td>{dueText(line)}</Table.Td>
                  <Table.Td>{sessionsCompleted(line.measure.sessions_completed)}</Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <Actions line={line} onAction={open} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {action && (
        <ScheduleDialog
          kind={action.kind}
          line={action.line}
          ccauId={member.ccauId}
          respondentName={member.full_name}
          onClose={() => setAction(null)}
        />
      )}
    </section>
  );
}

function MeasureName({ line }: { line: ListLine }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {line.measure.abbreviation}
      </Text>
      <Text size="xs" c="dimmed">
        {line.measure.name}
      </Text>
    </>
  );
}

const frequencyText = (line: ListLine) => line.schedule?.frequency_information ?? "Not scheduled";
const dueText = (line: ListLine) =>
  line.nextDue ? `Next due ${formatCalendarDate(line.nextDue)}` : "Nothing more to come";

function Actions({ line, onAction }: { line: ListLine; onAction: (kind: ScheduleAction, line: ListLine) => void }) {
  const what = line.measure.abbreviation;
  return (
    <Group gap={6} mt={4} wrap="wrap">
      {line.schedule && (
        <>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onAction("frequency", line)}
            aria-label={`Change frequency of ${what}`}
          >
            Change frequency
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onAction("date", line)}
            aria-label={`Change date of ${what}`}
          >
            Change date
          </Button>
        </>
      )}
      {removable(line) && (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() => onAction("remove", line)}
          aria-label={`Remove ${what}`}
        >
          Remove
        </Button>
      )}
    </Group>
  );
}
