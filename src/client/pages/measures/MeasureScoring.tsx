import { List, Stack, Table, Text, Title } from "@mantine/core";
import type { LibraryDetail } from "./measure-api.ts";
import {
  alertCondition,
  questionList,
  questionNumbers,
  reliableChangeSentence,
  scoringSentences,
} from "./measure-words.ts";
import { operatorWords } from "./operator-words.ts";

type Cutoff = NonNullable<LibraryDetail["cutoff"]>;

const NOT_APPLIED = "Shown for information only: this threshold is not applied to results.";

function cutoffThreshold(cutoff: Cutoff): string {
  if (cutoff.value !== undefined) return `${operatorWords(cutoff.direction)} ${cutoff.value}`;
  if (!cutoff.bySex) return "";
  const { male, female } = cutoff.bySex;
  return `${operatorWords(cutoff.direction)} ${male} for men and ${female} for women`;
}

const UNKNOWN_SEX: Record<string, string> = {
  "most-sensitive":
    "When sex at birth is not recorded as male or female, the lower threshold applies, so more patients are flagged.",
  "least-sensitive":
    "When sex at birth is not recorded as male or female, the higher threshold applies, so fewer patients are flagged.",
};

/** Scoring rule, severity bands, clinical cut-off, reliable change and alert rules, in words. */
export function MeasureScoring({ measure }: { measure: LibraryDetail }) {
  const { scoring, bands, cutoff, rci, alerts } = measure;
  const numbers = questionNumbers(measure);
  return (
    <Stack gap="lg">
      <section aria-labelledby="scoring-rule">
        <Title order={3} size="h5" id="scoring-rule" mb={4}>
          Scoring
        </Title>
        {scoring ? (
          <Stack gap={4}>
            {scoringSentences(measure, scoring).map((sentence) => (
              <Text key={sentence} size="sm">
                {sentence}
              </Text>
            ))}
            {[...(scoring.subscales ?? []), ...(scoring.derived ?? [])].length > 0 && (
              <List size="sm" spacing={2}>
                {(scoring.subscales ?? []).map((s) => (
                  <List.Item key={s.id}>
                    {s.label}: {questionList(numbers, s.items)}, ranging from {s.range.min} to {s.range.max}
                    {s.cutoff &&
                      `; cut-off ${operatorWords(s.cutoff.direction)} ${s.cutoff.value}: ${s.cutoff.meaning}`}
                    {s.cutoff && !s.cutoff.verified && ` (${NOT_APPLIED})`}
                  </List.Item>
                ))}
                {(scoring.derived ?? []).map((d) => (
                  <List.Item key={d.id}>
                    {d.label}: the total multiplied by {d.multiplier}, ranging from {d.range.min} to {d.range.max}
                    {d.cutoff &&
                      `; cut-off ${operatorWords(d.cutoff.direction)} ${d.cutoff.value}: ${d.cutoff.meaning}`}
                  </List.Item>
                ))}
              </List>
            )}
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
            This measure has no severity bands.
          </Text>
        )}
      </section>

      <section aria-labelledby="cutoff">
        <Title order={3} size="h5" id="cutoff" mb={4}>
          Clinical cut-off
        </Title>
        {cutoff ? (
          <Stack gap={4}>
            <Text size="sm">
              A total {cutoffThreshold(cutoff)}: {cutoff.meaning}
            </Text>
            {cutoff.unknownSex && <Text size="sm">{UNKNOWN_SEX[cutoff.unknownSex]}</Text>}
            {!cutoff.verified && (
              <Text size="sm" c="dimmed">
                {NOT_APPLIED}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            This measure has no clinical cut-off.
          </Text>
        )}
      </section>

      <section aria-labelledby="rci">
        <Title order={3} size="h5" id="rci" mb={4}>
          Reliable change
        </Title>
        <Text size="sm">{reliableChangeSentence(rci, scoring?.higherIsBetter ?? false)}</Text>
      </section>

      <section aria-labelledby="alert-rules">
        <Title order={3} size="h5" id="alert-rules" mb={4}>
          Alert rules
        </Title>
        {alerts.length ? (
          <Stack gap="xs">
            {alerts.map((rule) => (
              <div key={rule.id}>
                <Text size="sm" fw={600} c={rule.level === "critical" ? "red.9" : "orange.9"}>
                  {rule.level === "critical" ? "Critical alert" : "Warning"}: {alertCondition(measure, rule)}
                </Text>
                <Text size="sm">{rule.message}</Text>
              </div>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            This measure raises no alerts.
          </Text>
        )}
      </section>
    </Stack>
  );
}
