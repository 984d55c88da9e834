import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { missingRequired } from "../../../../shared/scoring/index.ts";
import { errorText } from "../../../api/error-text.ts";
import { Redirect } from "../../../app/Redirect.tsx";
import { QuestionList } from "../../../renderers/questions/QuestionList.tsx";
import type { AnswerValue, QuestionView } from "../../../renderers/questions/question-types.ts";
import { hiddenQuestionIds, pagesAsDefinition } from "../../../renderers/questions/visibility.ts";
import { measurePaths } from "../measure-paths.ts";
import { auditionReport } from "./audition-api.ts";
import { useAudition } from "./audition-state.ts";

const REQUIRED = "This question needs an answer.";

/**
 * The preview's questionnaire: the same question components and branching as a respondent's
 * session, page by page. Required questions are checked by the shared engine before the report,
 * as a respondent's submit would be refused.
 */
export function AuditionQuestionnairePage() {
  const { state, update } = useAudition();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const pages = state.start?.pages ?? [];
  const hidden = useMemo(() => hiddenQuestionIds(pages, state.answers), [pages, state.answers]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page moves focus to its heading
  useEffect(() => heading.current?.focus(), [state.pageIndex]);

  if (!state.start) return <Redirect to={measurePaths.audition(state.measureId)} />;
  const { start } = state;
  const page = pages[state.pageIndex] ?? pages[0];
  const isLast = state.pageIndex >= pages.length - 1;

  function onAnswer(question: QuestionView, value: AnswerValue | null) {
    update({ answers: { ...state.answers, [question.id]: value } });
    setErrors(({ [question.id]: _cleared, ...rest }) => rest);
  }

  async function seeReport() {
    const missing = missingRequired(pagesAsDefinition(pages), state.answers);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((id) => [id, REQUIRED])));
      const firstPage = pages.findIndex((p) => p.questions.some((q) => q.id === missing[0]));
      if (firstPage >= 0 && firstPage !== state.pageIndex) update({ pageIndex: firstPage });
      setFailure("A measure cannot be scored when required questions are skipped.");
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      // Answers to questions branching hid are left out: they count for nothing.
      const shown = Object.fromEntries(Object.entries(state.answers).filter(([id]) => !hidden.has(id)));
      const report = await auditionReport(state.measureId, start.age, shown);
      update({ report });
      navigate(measurePaths.auditionReport(state.measureId));
    } catch (error) {
      setFailure(errorText(error));
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          Questionnaire{pages.length > 1 ? `, page ${state.pageIndex + 1} of ${pages.length}` : ""}
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={() => navigate(measurePaths.audition(state.measureId))}>
          Age {start.age} · change
        </Button>
      </Group>
      {start.ageInRange === false && (
        <Alert color="yellow" title="Outside the measure's age range">
          A respondent aged {start.age} is outside the ages this measure is meant for; it could not be scheduled for
          them.
        </Alert>
      )}
      {(start.measure.instructions.respondent || page.prompt) && state.pageIndex === 0 && (
        <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-light)">
          {start.measure.instructions.respondent && <Text fw={500}>{start.measure.instructions.respondent}</Text>}
          {page.prompt && page.prompt !== start.measure.instructions.respondent && <Text mt={4}>{page.prompt}</Text>}
        </Paper>
      )}
      <QuestionList
        questions={page.questions}
        hidden={hidden}
        answers={state.answers}
        errors={errors}
        disabled={busy}
        onAnswer={onAnswer}
      />
      {failure && (
        <Alert color="red" role="alert" title={failure}>
          {Object.keys(errors).length > 0 && <Text size="sm">The questions that need an answer are marked.</Text>}
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap-reverse" gap="sm">
        {state.pageIndex > 0 ? (
          <Button variant="default" onClick={() => update({ pageIndex: state.pageIndex - 1 })}>
            Back
          </Button>
        ) : (
          <span />
        )}
        {isLast ? (
          <Button onClick={seeReport} loading={busy}>
            See report
          </Button>
        ) : (
          <Button onClick={() => update({ pageIndex: state.pageIndex + 1 })}>Next</Button>
        )}
      </Group>
    </Stack>
  );
}
