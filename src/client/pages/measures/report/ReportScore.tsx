import { Badge, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { AnyReport, ReportMeasure, ReportScore } from "../../../../shared/api/measure-reports.ts";
import type { ScoreChange } from "../../../../shared/scoring/types.ts";
import { operatorWords } from "../operator-words.ts";

const NOT_SCORABLE: Record<string, string> = {
  "required-missing": "A measure cannot be scored when required questions are skipped.",
  "too-many-missing": "Too many items were left unanswered for this measure to be scored.",
  "invalid-answers": "Some stored answers are not valid for this measure, so it was not scored.",
  "unscored-measure": "This measure has no score.",
};

/** A band's color by where it sits in the range, in the direction of worse. */
function severityColor(score: ReportScore, measure: ReportMeasure): string {
  const { severity, range } = score;
  if (!severity || !range || range.max === range.min) return "gray";
  const middle = (severity.min + severity.max) / 2;
  let badness = (middle - range.min) / (range.max - range.min);
  if (measure.higher_is_better) badness = 1 - badness;
  if (badness < 0.25) return "teal";
  if (badness < 0.5) return "yellow";
  if (badness < 0.75) return "orange";
  return "red";
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0";
}

function ChangeLine({ label, change }: { label: string; change: ScoreChange | null }) {
  if (!change) return null;
  const verdict = change.reliableChange;
  const color = verdict === "reliable improvement" ? "teal" : verdict === "reliable deterioration" ? "red" : "gray";
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">
        {label}: {change.from} → {change.to} ({signed(change.change)}, {change.direction})
      </Text>
      {verdict ? (
        <>
          <Badge color={color} variant="light">
            {verdict}
          </Badge>
          {change.rci !== undefined && (
            <Text size="xs" c="dimmed">
              A change of {change.rci} {change.rci === 1 ? "point" : "points"} or more counts as reliable.
            </Text>
          )}
        </>
      ) : (
        <Text size="xs" c="dimmed">
          no verified reliable-change index for this measure
        </Text>
      )}
    </Group>
  );
}

/** Score, severity, cut-off, subscales and change with the reliable change index. */
export function ReportScoreSection({ report }: { report: AnyReport }) {
  const { score, measure, comparison } = report;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="report-score">
      <Title order={2} size="h3" id="report-score" mb="sm">
        Score
      </Title>
      {score === null ? (
        <Text c="dimmed">
          {report.status === "submitted"
            ? "No score was stored for this session."
            : "Not scored: the session has not been submitted. Partial answers never produce a score."}
        </Text>
      ) : !score.scorable ? (
        <Text c="red.8" fw={500}>
          {NOT_SCORABLE[score.reason ?? ""] ?? "This session could not be scored."}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group gap="md" align="baseline" wrap="wrap">
            <Text fz={36} fw={700} lh={1} aria-label={`Total score ${score.total}`}>
              {score.total}
            </Text>
            {score.range && (
              <Text c="dimmed">
                of {score.range.min}–{score.range.max}
              </Text>
            )}
            {score.severity && (
              <Badge size="lg" color={severityColor(score, measure)} variant="filled">
                {score.severity.label}
              </Badge>
            )}
          </Group>
          {score.severity && (
            <Text size="sm">
              Severity: <strong>{score.severity.label}</strong> ({score.severity.min}–{score.severity.max})
            </Text>
          )}
          {score.cutoff && (
            <Text size="sm" c={score.cutoffCrossed ? "red.8" : undefined} fw={score.cutoffCrossed ? 600 : undefined}>
              {score.cutoffCrossed ? "In the clinical range: " : "Not in the clinical range: "}
              the cut-off is a total {operatorWords(score.cutoff.direction)} {score.cutoff.value} (
              {score.cutoff.meaning}).
            </Text>
          )}
          {score.adjustedForMissing && (
            <Text size="sm" c="dimmed">
              Some items were unanswered; the total was adjusted under the measure's rule for missing items.
            </Text>
          )}
          {score.subscales.length + score.derived.length > 0 && (
            <Table withTableBorder aria-label="Subscales">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Scale</Table.Th>
                  <Table.Th scope="col">Score</Table.Th>
                  <Table.Th scope="col">Range</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...score.subscales, ...score.derived].map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      {s.label}
                      {s.cutoffCrossed && (
                        <Badge ml="xs" size="xs" color="red" variant="light">
                          past cut-off
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{s.score}</Table.Td>
                    <Table.Td>{s.range ? `${s.range.min}–${s.range.max}` : ""}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {comparison && (comparison.sinceFirst || comparison.sincePrevious) && (
            <Stack gap={4} mt="xs">
              <Title order={3} size="h5">
                Change
              </Title>
              <ChangeLine label="Since the first session" change={comparison.sinceFirst} />
              <ChangeLine label="Since the previous session" change={comparison.sincePrevious} />
            </Stack>
          )}
          {comparison && !comparison.sinceFirst && !comparison.sincePrevious && !report.audition && (
            <Text size="sm" c="dimmed">
              First scored session of this measure: no change to show yet.
            </Text>
          )}
        </Stack>
      )}
      {measure.scoring_description && (
        <Text size="xs" c="dimmed" mt="sm">
          Scoring: {measure.scoring_description}
        </Text>
      )}
    </Paper>
  );
}
