import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { formatCalendarDate } from "../../dates/clinic-dates.ts";
import { QuestionList } from "../../renderers/questions/QuestionList.tsx";
import "./questionnaire.css";
import {
  type AnswerMap,
  type AnswerValue,
  isAnswerableType,
  type QuestionView,
} from "../../renderers/questions/question-types.ts";
import { hiddenQuestionIds } from "../../renderers/questions/visibility.ts";
import { setAgreementAccepted } from "./agreement-state.ts";
import { isAgreementRequired, type SessionPage, savePage, sessionKeys } from "./session-api.ts";
import { sessionPaths } from "./session-paths.ts";
import { isSessionClosed, useAnswerSaving } from "./useAnswerSaving.ts";

const answered = (value: AnswerValue | null | undefined) =>
  value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);

function focusQuestion(questionId: string) {
  const target = document.querySelector<HTMLElement>(
    `[data-question-id="${questionId}"] input:not([tabindex="-1"]), [data-question-id="${questionId}"] textarea`,
  );
  target?.focus();
  target?.scrollIntoView({ block: "center" });
}

/** The first question a respondent can still answer on a page with some answers already, if any. */
function firstUnanswered(page: SessionPage, answers: AnswerMap): string | undefined {
  const hidden = hiddenQuestionIds([page], answers);
  const open = page.questions.filter((q) => isAnswerableType(q.type) && !q.readOnly && !hidden.has(q.id));
  if (!open.some((q) => answered(answers[q.id]))) return undefined;
  return open.find((q) => !answered(answers[q.id]))?.id;
}

/**
 * One questionnaire page being answered: answers save per question as they are given, Next and
 * Back save the page, Submit ends the session. The server's "required" errors show at the
 * questions. A session the server closed (submitted, past due) turns read-only and says why.
 */
export function QuestionnairePage({ page }: { page: SessionPage }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const saving = useAnswerSaving(page);
  const initial = useMemo(() => Object.fromEntries(page.questions.map((q) => [q.id, q.value ?? null])), [page]);
  const [answers, setAnswers] = useState<AnswerMap>(initial);
  const [touched, setTouched] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"next" | "back" | "submit" | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Resuming a page already partly answered opens at the first question still to answer (issue 9
  // §5); a fresh page starts at its heading, so a screen reader reads the questionnaire's name first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival; later answers must not move the focus.
  useEffect(() => {
    const resumeAt = page.editable ? firstUnanswered(page, initial) : undefined;
    if (resumeAt) requestAnimationFrame(() => focusQuestion(resumeAt));
    else heading.current?.focus();
  }, []);

  const hidden = useMemo(
    () => hiddenQuestionIds([page], answers, saving.serverHidden),
    [page, answers, saving.serverHidden],
  );
  const editable = page.editable && !saving.closedReason;
  const isLast = page.nextPageId === null;
  const measureName = page.measure.title;

  // Answered count for the progress bar: the server's count, moved by what changed on this page.
  const answeredHere = (map: AnswerMap) =>
    page.questions.filter((q) => isAnswerableType(q.type) && answered(map[q.id])).length;
  const answeredCount = Math.min(
    page.measure.questionCount,
    Math.max(0, page.answeredCount - answeredHere(initial) + answeredHere(answers)),
  );

  function onAnswer(question: QuestionView, value: AnswerValue | null) {
    if (!editable) return;
    setAnswers((current) => ({ ...current, [question.id]: value }));
    setTouched((current) => [...current.filter((id) => id !== question.id), question.id]);
    setErrors(({ [question.id]: _cleared, ...rest }) => rest);
    saving.save(question, value);
  }

  /** The page's answers as one save: what the respondent gave or cleared here, newest seq. */
  function pageAnswers() {
    return page.questions
      .filter((q) => isAnswerableType(q.type) && !q.readOnly && (answered(answers[q.id]) || touched.includes(q.id)))
      .map((q) => ({ questionId: q.id, value: answers[q.id] ?? null, seq: saving.saver.nextSeq() }));
  }

  async function finishPage(action: "next" | "back" | "submit") {
    if (!editable) {
      const target = action === "back" ? page.previousPageId : page.nextPageId;
      if (target) navigate(sessionPaths.page(page.clientMeasureId, target));
      return;
    }
    setBusy(action);
    setFormError(null);
    // The page save carries every answer with a newer seq: single saves still waiting are moot.
    saving.saver.cancelAll();
    try {
      await savePage(page.clientMeasureId, {
        pageId: page.pageId,
        questionAnswers: pageAnswers(),
        completed: action === "submit",
        last_answered_question: touched.at(-1) ?? null,
      });
      void client.invalidateQueries({ queryKey: sessionKeys.available });
      if (action === "submit") navigate(sessionPaths.sent, { state: { measureName } });
      else {
        const target = action === "back" ? page.previousPageId : page.nextPageId;
        if (target) navigate(sessionPaths.page(page.clientMeasureId, target));
      }
    } catch (error) {
      setBusy(null);
      if (isAgreementRequired(error)) return setAgreementAccepted(false);
      if (isSessionClosed(error)) return saving.close(errorText(error));
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
      const byQuestion = Object.fromEntries(fieldErrors.filter((e) => e.field).map((e) => [e.field, e.message]));
      setErrors(byQuestion);
      setFormError(error instanceof ApiError ? error.message : errorText(error));
      const first = page.questions.find((q) => byQuestion[q.id] && !hidden.has(q.id));
      if (first) requestAnimationFrame(() => focusQuestion(first.id));
    }
  }

  const errorsElsewhere = Object.keys(errors).filter((id) => !page.questions.some((q) => q.id === id));
  const hasRequired = page.questions.some((q) => q.required && !hidden.has(q.id));

  return (
    <Stack maw={720} mx="auto" gap="lg" pb="xl" className="questionnaire-page">
      <Stack gap={4}>
        <Anchor component={Link} to={sessionPaths.list} size="sm">
          ← Your questionnaires
        </Anchor>
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>
          {measureName}
        </Title>
        <Text size="sm" c="dimmed">
          Due {formatCalendarDate(page.due_date)}
          {page.pageCount > 1 && ` · Page ${page.index + 1} of ${page.pageCount}`}
        </Text>
      </Stack>
      {/* Stays under the header while the questions scroll, so a phone always shows how far along
          the respondent is and whether their answers are saved (issue 9 §5). */}
      <section className="questionnaire-progress" aria-label="Progress">
        <Progress
          value={(answeredCount / Math.max(1, page.measure.questionCount)) * 100}
          size="sm"
          aria-label={`${answeredCount} of ${page.measure.questionCount} answered`}
        />
        <Group justify="space-between" gap="xs" mt={4}>
          <Text size="xs" c="dimmed">
            {answeredCount} of {page.measure.questionCount} answered
          </Text>
          <SaveStatus pending={saving.pending} failed={Object.keys(saving.failed).length} saved={saving.savedOnce} />
        </Group>
      </section>

      {!editable && (
        <Alert color="yellow" title="This questionnaire can no longer be changed">
          {saving.closedReason ??
            (page.status === "submitted"
              ? "It has already been submitted."
              : "Its due date has passed. Your care team can send it again.")}{" "}
          <Anchor component={Link} to={sessionPaths.list}>
            Back to your questionnaires
          </Anchor>
        </Alert>
      )}

      {(page.measure.instructions || page.prompt || page.heading) && (
        <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-light)">
          {page.heading && (
            <Title order={2} size="h4" mb={4}>
              {page.heading}
            </Title>
          )}
          {page.index === 0 && page.measure.instructions && <Text fw={500}>{page.measure.instructions}</Text>}
          {page.prompt && page.prompt !== page.measure.instructions && <Text mt={4}>{page.prompt}</Text>}
        </Paper>
      )}
      {hasRequired && editable && (
        <Text size="sm" c="dimmed">
          Questions marked <span style={{ color: "var(--mantine-color-error)" }}>*</span> need an answer.
        </Text>
      )}

      <QuestionList
        questions={page.questions}
        hidden={hidden}
        answers={answers}
        errors={{ ...saving.failed, ...errors }}
        disabled={!editable || busy !== null}
        onAnswer={onAnswer}
        onDone={() => void saving.saver.flush()}
      />

      {formError && (
        <Alert color="red" role="alert" title={formError}>
          {Object.keys(errors).length > 0 && (
            <Text size="sm">
              {errorsElsewhere.length > 0
                ? "Some of the questions that need an answer are on other pages."
                : "The questions that need an answer are marked above."}
            </Text>
          )}
        </Alert>
      )}
      {Object.keys(saving.failed).length > 0 && editable && (
        <Alert color="orange" title="Some answers are not saved yet">
          <Button size="xs" variant="light" mt={4} onClick={() => saving.retryFailed(answers)}>
            Try saving again
          </Button>
        </Alert>
      )}

      <Group justify="space-between" gap="sm" wrap="wrap-reverse">
        {page.previousPageId ? (
          <Button
            variant="default"
            onClick={() => finishPage("back")}
            loading={busy === "back"}
            disabled={busy !== null}
          >
            Back
          </Button>
        ) : (
          <span />
        )}
        {isLast ? (
          editable && (
            <Button onClick={() => finishPage("submit")} loading={busy === "submit"} disabled={busy !== null}>
              Submit
            </Button>
          )
        ) : (
          <Button onClick={() => finishPage("next")} loading={busy === "next"} disabled={busy !== null}>
            Next
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function SaveStatus({ pending, failed, saved }: { pending: number; failed: number; saved: boolean }) {
  let text = "";
  if (pending > 0) text = "Saving…";
  else if (failed > 0) text = "Some answers are not saved";
  else if (saved) text = "All answers saved";
  return (
    <Text size="xs" c={failed > 0 && pending === 0 ? "orange.8" : "dimmed"} role="status" aria-live="polite">
      {text}
    </Text>
  );
}
