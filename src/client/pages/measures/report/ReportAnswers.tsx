import { Badge, Table, Text, Title } from "@mantine/core";
import type { ReportAlert, ReportAnswer } from "../../../../shared/api/measure-reports.ts";

function answerText(answer: ReportAnswer): string {
  if (!answer.answered) return "Not answered";
  if (answer.labels.length) return answer.labels.join(", ");
  return Array.isArray(answer.value) ? answer.value.join(", ") : String(answer.value);
}

/** Every question with its answer and points; alert items stand out, hidden answers say so. */
export function ReportAnswers({
  answers,
  alerts,
}: {
  answers: readonly ReportAnswer[];
  alerts: readonly ReportAlert[];
}) {
  const alertItems = new Set(alerts.filter((a) => a.questionId).map((a) => a.questionId));
  return (
    <section aria-labelledby="report-answers">
      <Title order={2} size="h3" id="report-answers" mb="xs">
        Answers
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table withTableBorder aria-label="Answers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Question</Table.Th>
              <Table.Th scope="col">Answer</Table.Th>
              <Table.Th scope="col" ta="right">
                Score
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answers.map((answer) => {
              const flagged = alertItems.has(answer.questionId);
              return (
                <Table.Tr key={answer.questionId} bg={flagged ? "var(--mantine-color-red-light)" : undefined}>
                  <Table.Td>
                    <Text size="sm" c={answer.hidden ? "dimmed" : undefined}>
                      {answer.number !== null && `${answer.number}. `}
                      {answer.text}
                    </Text>
                    {flagged && (
                      <Badge color="red" size="sm" mt={4}>
                        Alert
                      </Badge>
                    )}
                    {answer.hidden && (
                      <Text size="xs" c="dimmed">
                        Not shown to the respondent (branching); not counted
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text
                      size="sm"
                      fw={flagged ? 700 : undefined}
                      c={flagged ? "red.9" : answer.answered ? undefined : "dimmed"}
                    >
                      {answerText(answer)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{answer.score ?? ""}</Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
