import { Alert, Badge, Button, Group, Progress, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { formatMoment } from "../../../../dates/clinic-dates.ts";
import {
  downloadExport,
  type ExportStatusRow,
  isPending,
  STATUS_WORDS,
  useDeleteExport,
  useExports,
} from "./exports-api.ts";

const STATUS_COLOR: Record<string, string> = { received: "gray", in_process: "blue", completed: "green", error: "red" };

/** The export's records in words: "about" while a large one's total is the planner's estimate. */
function totalWords(row: ExportStatusRow): string {
  if (row.totalRows === null) return "";
  const total = row.totalRows.toLocaleString("en-US");
  return row.totalAccuracy === "about" ? `about ${total}` : total;
}

function StatusCell({ row }: { row: ExportStatusRow }) {
  const words = STATUS_WORDS.get(row.status) ?? row.status;
  return (
    <Stack gap={4}>
      <Badge color={STATUS_COLOR[row.status]} variant="light">
        {words}
      </Badge>
      {row.status === "in_process" ? (
        <Progress value={row.progress} size="sm" aria-label={`${row.filename}: ${row.progress}% written`} />
      ) : null}
      {row.status === "in_process" && row.totalRows !== null ? (
        <Text size="xs" c="dimmed">
          {row.rowsWritten.toLocaleString("en-US")} of {totalWords(row)} records
        </Text>
      ) : null}
      {row.status === "error" && row.error ? (
        <Text size="xs" c="red.8">
          {row.error}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The caller's exports (spec §2 data-exports list): newest first, each with its status, progress,
 * records, when it was asked for and when it is deleted (7 days). Ready ones download and delete.
 * The list polls; when a poll fails it says so and keeps trying ("Reconnecting…", spec §9).
 */
export function ExportsList() {
  const exports = useExports();
  const remove = useDeleteExport();
  const [problem, setProblem] = useState<string | null>(null);
  const rows = exports.data?.rows ?? [];

  const download = async (id: number) => {
    setProblem(null);
    try {
      await downloadExport(id);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };
  const del = (id: number) => {
    setProblem(null);
    remove.mutate(id, { onError: (err) => setProblem(err.message) });
  };

  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="exports-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="exports-title">
          Exports
        </Title>
        {exports.isError ? (
          <Text size="sm" c="orange.9" role="status">
            Reconnecting…
          </Text>
        ) : null}
      </Group>
      {problem ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      ) : null}
      {exports.isPending ? <Text c="dimmed">Loading your exports…</Text> : null}
      {exports.isSuccess && rows.length === 0 ? (
        <Text c="dimmed">
          No exports yet. Run a query, then choose Export records: a zip of every record with its codebook is prepared
          here and kept for 7 days.
        </Text>
      ) : null}
      {rows.length ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Your exports" aria-busy={rows.some(isPending)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th style={{ minWidth: 120 }}>Status</Table.Th>
                <Table.Th>Records</Table.Th>
                <Table.Th>Asked for</Table.Th>
                <Table.Th>Deleted on</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td style={{ wordBreak: "break-word" }}>
                    <Text size="sm" fw={500}>
                      {row.name ?? row.filename}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Hash {row.hash}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusCell row={row} />
                  </Table.Td>
                  <Table.Td>{totalWords(row)}</Table.Td>
                  <Table.Td>{formatMoment(row.createdAt)}</Table.Td>
                  <Table.Td>{formatMoment(row.expiresAt)}</Table.Td>
                  <Table.Td>
                    {row.status === "completed" ? (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" onClick={() => download(row.id)} aria-label={`Download ${row.filename}`}>
                          Download
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          loading={remove.isPending && remove.variables === row.id}
                          onClick={() => del(row.id)}
                          aria-label={`Delete ${row.filename}`}
                        >
                          Delete
                        </Button>
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
