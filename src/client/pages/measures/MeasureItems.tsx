import { Badge, Group, List, Stack, Text, Title } from "@mantine/core";
import type { Condition, Question } from "../../../shared/measures/types.ts";
import type { LibraryDetail } from "./measure-api.ts";

const OPERATOR: Record<string, string> = { ">": ">", ">=": "≥", "<": "<", "<=": "≤", "==": "=", "!=": "≠" };

function conditionText(condition: Condition): string {
  const rules = "all" in condition ? condition.all : "any" in condition ? condition.any : [condition];
  const joiner = "any" in condition ? " or " : " and ";
  return rules
    .map((rule) => {
      if ("sum" in rule) return `${rule.sum.join(" + ")} ${OPERATOR[rule.operator]} ${rule.score}`;
      if ("answered" in rule) return `${rule.question} ${rule.answered ? "answered" : "not answered"}`;
      if ("in" in rule) return `${rule.question} is one of ${rule.in.join(", ")}`;
      return `${rule.question} scores ${OPERATOR[rule.operator]} ${rule.score}`;
    })
    .join(joiner);
}

/** The branching of a question in words, for the library page. */
function branching(q: Question): string[] {
  const notes: string[] = [];
  if (q.parent) {
    let text = `Follows up ${q.parent}`;
    if (q.showPrompt) text += `; shown when it is ${q.showPrompt.join(" or ")}`;
    if (q.hidePrompt) text += `; hidden when it is ${q.hidePrompt.join(" or ")}`;
    notes.push(text);
  }
  if (q.showNext) {
    const when = q.showNext.when;
    const test = !when
      ? "once answered"
      : "in" in when
        ? `when the answer is ${when.in.join(" or ")}`
        : `when it scores ${OPERATOR[when.operator]} ${when.score}`;
    notes.push(`Shows the next ${q.showNext.count} questions ${test}`);
  }
  if (q.showIf) notes.push(`Shown only if ${conditionText(q.showIf)}`);
  return notes;
}

/** Every page and question of the definition, with option scores, LOINC codes and branching. */
export function MeasureItems({ measure }: { measure: LibraryDetail }) {
  let number = 0;
  return (
    <Stack gap="md">
      {measure.pages.map((page, pageIndex) => (
        <Stack key={page.id} gap="sm">
          {measure.pages.length > 1 && (
            <Title order={3} size="h5">
              Page {pageIndex + 1}
              {page.heading ? `: ${page.heading}` : ""}
            </Title>
          )}
          {page.prompt && <Text fs="italic">{page.prompt}</Text>}
          <List type="unordered" listStyleType="none" spacing="md" withPadding={false}>
            {page.questions.map((q) => {
              const answerable = q.type !== "prompt" && q.type !== "title";
              if (answerable) number += 1;
              return (
                <List.Item key={q.id}>
                  <Text fw={answerable ? 500 : 400} fs={answerable ? undefined : "italic"}>
                    {answerable && `${number}. `}
                    {q.text}
                  </Text>
                  <Group gap={6} mt={4} wrap="wrap">
                    <Badge variant="outline" size="sm" color="gray">
                      {q.id} · {q.type}
                    </Badge>
                    {q.required && (
                      <Badge variant="light" size="sm">
                        required
                      </Badge>
                    )}
                    {q.reverse && (
                      <Badge variant="light" size="sm" color="grape">
                        reverse-scored
                      </Badge>
                    )}
                    {q.loinc && (
                      <Badge variant="light" size="sm" color="gray">
                        LOINC {q.loinc}
                      </Badge>
                    )}
                    {measure.scoring && !measure.scoring.items.includes(q.id) && answerable && (
                      <Badge variant="light" size="sm" color="gray">
                        not in the total
                      </Badge>
                    )}
                  </Group>
                  {q.options && (
                    <Text size="sm" c="dimmed" mt={4}>
                      {q.options.map((o) => `${o.label} = ${o.score ?? "unscored"}`).join(" · ")}
                    </Text>
                  )}
                  {(q.min !== undefined || q.max !== undefined) && (
                    <Text size="sm" c="dimmed">
                      Number {q.min ?? ""}–{q.max ?? ""}
                      {q.integer ? ", whole numbers" : ""}
                    </Text>
                  )}
                  {branching(q).map((note) => (
                    <Text key={note} size="sm" c="indigo.8">
                      {note}
                    </Text>
                  ))}
                  {q.note && (
                    <Text size="sm" c="dimmed">
                      Note: {q.note}
                    </Text>
                  )}
                </List.Item>
              );
            })}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}
