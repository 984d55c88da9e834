import { Badge, List, Stack, Table, Text, Title } from "@mantine/core";
import type { LibraryDetail } from "./measure-api.ts";
import { operatorWords } from "./operator-words.ts";

function NotVerified() {
  return (
    <Badge color="yellow" variant="filled" size="sm" ml="xs">
      NOT VERIFIED
    </Badge>
  );
}

/** Scoring rule, severity bands, clinical cut-off, reliable change and alert rules. */
export function MeasureScoring({ measure }: { measure: LibraryDetail }) {
  const { scoring, bands, cutoff, rci, alerts } = measure;
  return (
    <Stack gap="lg">
      <section aria-labelledby="scoring-rule">
        <Title order={3} size="h5" id="scoring-rule" mb={4}>
          Scoring
        </Title>
        {scoring ? (
          <Stack gap={4}>
            <Text size="sm">{scoring.description}</Text>
            <Text size="sm" c="dimmed">
              {scoring.method === "mean" ? "Mean" : "Sum"} of {scoring.items.join(", ")}; range {scoring.range.min}–
              {scoring.range.max}; {scoring.higherIsBetter ? "higher is better" : "lower is better"}.
            </Text>
            <Text size="sm" c="dimmed">
              Missing items allowed: {scoring.missing.maxMissing}
              {scoring.missing.treatment &&
                ` (${scoring.missing.treatment === "prorate" ? "prorated" : "counted as 0"}${
                  scoring.missing.rounding === "nearest" ? ", rounded" : ""
                })`}
              {scoring.missing.note && `. ${scoring.missing.note}`}
            </Text>
            {[...(scoring.subscales ?? []), ...(scoring.derived ?? [])].length > 0 && (
              <List size="sm" spacing={2}>
                {(scoring.subscales ?? []).map((s) => (
                  <List.Item key={s.id}>
                    Subscale {s.label}: {s.items.join(", ")} (range {s.range.min}–{s.range.max})
                    {s.cutoff &&
                      `; cut-off ${operatorWords(s.cutoff.direction)} ${s.cutoff.value}: ${s.cutoff.meaning}`}
                    {s.cutoff && !s.cutoff.verified && <NotVerified />}
                  </List.Item>
                ))}
                {(scoring.derived ?? []).map((d) => (
                  <List.Item key={d.id}>
                    {d.label}: total × {d.multiplier} (range {d.range.min}–{d.range.max})
                  </List.Item>
                ))}
              </List>
            )}
            {(scoring.notes ?? []).map((note) => (
              <Text key={note} size="sm" c="dimmed">
                {note}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            This measure is not scored.
          </Text>
        )}
      </section>

      <section aria-labelledby="severity-bands">
        <Title order={3} size="h5" id="severity-bands" mb={4}>
          Severity bands
        </Title>
        {bands.length ? (
          <Table withTableBorder maw={420} aria-label="Severity bands">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Total</Table.Th>
                <Table.Th scope="col">Severity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bands.map((b) => (
                <Table.Tr key={b.label}>
                  <Table.Td>
                    {b.min}–{b.max}
                  </Table.Td>
                  <Table.Td>{b.label}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            The sources give no severity bands.
          </Text>
        )}
      </section>

      <section aria-labelledby="cutoff">
        <Title order={3} size="h5" id="cutoff" mb={4}>
          Clinical cut-off
          {cutoff && !cutoff.verified && <NotVerified />}
        </Title>
        {cutoff ? (
          <Text size="sm">
            Total {operatorWords(cutoff.direction)}{" "}
            {cutoff.value ?? (cutoff.bySex ? `${cutoff.bySex.male} (male) / ${cutoff.bySex.female} (female)` : "")}:{" "}
            {cutoff.meaning}
            {cutoff.unknownSex &&
              ` When sex at birth is unknown: the ${cutoff.unknownSex.replace("-", " ")} threshold.`}
            {!cutoff.verified && " Shown for reference; never applied."}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            The sources give no clinical cut-off.
          </Text>
        )}
      </section>

      <section aria-labelledby="rci">
        <Title order={3} size="h5" id="rci" mb={4}>
          Reliable change index
          {rci && !rci.verified && <NotVerified />}
        </Title>
        {rci ? (
          <Text size="sm">
            {rci.value !== null ? `A change of ${rci.value} points or more is reliable.` : "Depends on the sample."}{" "}
            {rci.basis}
            {!rci.verified && " Change is shown without a reliable-change verdict."}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            The sources give no reliable change index.
          </Text>
        )}
      </section>

      <section aria-labelledby="alert-rules">
        <Title order={3} size="h5" id="alert-rules" mb={4}>
          Alert rules
        </Title>
        {alerts.length ? (
          <Stack gap="xs">
            {alerts.map((rule) => (
              <div key={rule.id}>
                <Text size="sm" fw={600} c={rule.level === "critical" ? "red.8" : "orange.8"}>
                  {rule.level === "critical" ? "Critical" : "Warning"}: {rule.questionId ?? rule.scale}{" "}
                  {operatorWords(rule.operator)} {rule.value}
                </Text>
                <Text size="sm">{rule.message}</Text>
                {rule.basis && (
                  <Text size="xs" c="dimmed">
                    Basis: {rule.basis}
                  </Text>
                )}
              </div>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No alert rules.
          </Text>
        )}
      </section>
    </Stack>
  );
}
