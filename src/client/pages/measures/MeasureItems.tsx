import { Badge, Group, List, Stack, Text, Title } from "@mantine/core";
import type { Condition } from "../../../shared/measures/types.ts";
import { defaultBundle, enumOptions, type JsonSchema, schemaById } from "../../../shared/schema/bundle.ts";
import type { LibraryDetail } from "./measure-api.ts";
import { answerWords, isAnswerable, questionList, questionNumbers, questionWord } from "./measure-words.ts";
import { operatorWords } from "./operator-words.ts";

type LibraryQuestion = LibraryDetail["pages"][number]["questions"][number];

/** "A number", "Any options of a list" ... (the definition schema's question type titles). */
const DEFS = schemaById(defaultBundle, "measures/measure-definition.json").$defs as Record<string, JsonSchema>;
const QUESTION_TYPE = new Map(enumOptions(DEFS.question.properties?.type ?? {}).map((o) => [o.value, o.label]));
/** The usual kinds need no word: the options under the question say it all. */
const SELF_EVIDENT = new Set(["radio", "likert", "prompt", "title"]);

function conditionText(measure: LibraryDetail, numbers: Map<string, number>, condition: Condition): string {
  const rules = "all" in condition ? condition.all : "any" in condition ? condition.any : [condition];
  const joiner = "any" in condition ? " or " : " and ";
  return rules
    .map((rule) => {
      if ("sum" in rule)
        return `${questionList(numbers, rule.sum)} together score ${operatorWords(rule.operator)} ${rule.score}`;
      const question = questionWord(numbers, rule.question);
      if ("answered" in rule) return `${question} is ${rule.answered ? "answered" : "not answered"}`;
      if ("in" in rule) return `the answer to ${question} is ${answerWords(measure, rule.question, rule.in)}`;
      return `${question} scores ${operatorWords(rule.operator)} ${rule.score}`;
    })
    .join(joiner);
}

/** The branching of a question in words, for the library page. */
function branching(measure: LibraryDetail, numbers: Map<string, number>, q: LibraryQuestion): string[] {
  const notes: string[] = [];
  if (q.parent) {
    let text = `Follows up ${questionWord(numbers, q.parent)}`;
    if (q.showPrompt) text += `; shown when its answer is ${answerWords(measure, q.parent, q.showPrompt)}`;
    if (q.hidePrompt) text += `; hidden when its answer is ${answerWords(measure, q.parent, q.hidePrompt)}`;
    notes.push(`${text}.`);
  }
  if (q.showNext) {
    const when = q.showNext.when;
    const test = !when
      ? "once this one is answered"
      : "in" in when
        ? `when the answer is ${answerWords(measure, q.id, when.in)}`
        : `when this one scores ${operatorWords(when.operator)} ${when.score}`;
    const count = q.showNext.count === 1 ? "the next question" : `the next ${q.showNext.count} questions`;
    notes.push(`Shows ${count} ${test}.`);
  }
  if (q.showIf) notes.push(`Shown only if ${conditionText(measure, numbers, q.showIf)}.`);
  return notes;
}

/** Every page and question of the definition, numbered as the respondent sees them, with option scores and branching. */
export function MeasureItems({ measure }: { measure: LibraryDetail }) {
  const numbers = questionNumbers(measure);
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
              const answerable = isAnswerable(q);
              const kind = SELF_EVIDENT.has(q.type) ? null : QUESTION_TYPE.get(q.type);
              const notInTotal = answerable && measure.scoring && !measure.scoring.items.includes(q.id);
              return (
                <List.Item key={q.id}>
                  <Text fw={answerable ? 500 : 400} fs={answerable ? undefined : "italic"}>
                    {answerable && `${numbers.get(q.id)}. `}
                    {q.text}
                  </Text>
                  {answerable && (q.required || q.reverse || notInTotal || kind) && (
                    <Group gap={6} mt={4} wrap="wrap">
                      {kind && (
                        <Badge variant="outline" size="sm" color="gray">
                          {kind}
                        </Badge>
                      )}
                      {q.required && (
                        <Badge variant="light" size="sm">
                          Required
                        </Badge>
                      )}
                      {q.reverse && (
                        <Badge variant="light" size="sm" color="grape">
                          Reverse-scored
                        </Badge>
                      )}
                      {notInTotal && (
                        <Badge variant="light" size="sm" color="gray">
                          Not part of the total
                        </Badge>
                      )}
                    </Group>
                  )}
                  {q.options && (
                    <Text size="sm" c="dimmed" mt={4}>
                      {q.options.map((o) => `${o.label} = ${o.score ?? "no score"}`).join(" · ")}
                    </Text>
                  )}
                  {(q.min !== undefined || q.max !== undefined) && (
                    <Text size="sm" c="dimmed">
                      A number from {q.min ?? "any"} to {q.max ?? "any"}
                      {q.integer ? ", whole numbers only" : ""}
                    </Text>
                  )}
                  {branching(measure, numbers, q).map((note) => (
                    <Text key={note} size="sm" c="indigo.8">
                      {note}
                    </Text>
                  ))}
                </List.Item>
              );
            })}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}
