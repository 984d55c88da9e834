import { Table, Text, Title } from "@mantine/core";
import { formatMomentDay } from "../../dates/clinic-dates.ts";
import type { ProgressSession } from "./progress-sessions.ts";

/** The sessions of a progress report: date, respondent, instrument, total and band, oldest first. */
export function ProgressSessionsTable({ sessions }: { sessions: readonly ProgressSession[] }) {
  return (
    <section aria-labelledby="progress-sessions">
      <Title order={2} size="h3" id="progress-sessions" mb="xs">
        Sessions
      </Title>
      {sessions.length === 0 ? (
        <Text c="dimmed">No session has been answered yet.</Text>
      ) : (
        <Table withTableBorder aria-labelledby="progress-sessions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">Respondent</Table.Th>
              <Table.Th scope="col">Instrument</Table.Th>
              <Table.Th scope="col" ta="right">
                Total
              </Table.Th>
              <Table.Th scope="col">Band</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((s) => (
              <Table.Tr key={s.clientMeasureId}>
                <Table.Td>{formatMomentDay(s.date)}</Table.Td>
                <Table.Td>{s.respondent}</Table.Td>
                <Table.Td>{s.instrument}</Table.Td>
                <Table.Td ta="right">{s.total ?? "Not scored"}</Table.Td>
                <Table.Td>{s.band ?? ""}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
