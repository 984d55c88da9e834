import { Stack, Text, Title } from "@mantine/core";
import { MultipleChoiceQuestion, SingleChoiceQuestion } from "./ChoiceQuestion.tsx";
import { DateQuestion, NumberQuestion, TextQuestion } from "./InputQuestion.tsx";
import type { AnswerMap, AnswerValue, QuestionView } from "./question-types.ts";
import "./questions.css";

export interface QuestionListProps {
  questions: readonly QuestionView[];
  /** Questions branching hides (visibility.ts): not shown, not required, not counted. */
  hidden: ReadonlySet<string>;
  answers: AnswerMap;
  /** Messages by question id (the server's "required" errors, a refused save). */
  errors?: Readonly<Record<string, string>>;
  disabled?: boolean;
  onAnswer: (question: QuestionView, value: AnswerValue | null) => void;
  onDone?: (question: QuestionView) => void;
}

/**
 * The questions of one page, each by its type. One component set for the respondent's session
 * and the clinician's preview, so a preview shows exactly what a respondent will see.
 */
export function QuestionList({
  questions,
  hidden,
  answers,
  errors = {},
  disabled,
  onAnswer,
  onDone,
}: QuestionListProps) {
  return (
    <Stack gap="xl">
      {questions
        .filter((q) => !hidden.has(q.id))
        .map((question) => (
          <div key={question.id} data-question-id={question.id}>
            <QuestionField
              question={question}
              value={answers[question.id] ?? null}
              error={errors[question.id]}
              disabled={disabled || question.readOnly}
              onAnswer={(value) => onAnswer(question, value)}
              onDone={() => onDone?.(question)}
            />
          </div>
        ))}
    </Stack>
  );
}

interface QuestionFieldProps {
  question: QuestionView;
  value: AnswerValue | null;
  error?: string;
  disabled?: boolean;
  onAnswer: (value: AnswerValue | null) => void;
  onDone: () => void;
}

function QuestionField(props: QuestionFieldProps) {
  const { question } = props;
  switch (question.type) {
    case "prompt":
      return <Text className="question-prompt">{question.text}</Text>;
    case "title":
      return (
        <Title order={2} size="h4">
          {question.text}
        </Title>
      );
    case "radio":
    case "likert":
      return <SingleChoiceQuestion {...props} />;
    case "checkbox":
      return <MultipleChoiceQuestion {...props} />;
    case "number":
      return <NumberQuestion {...props} />;
    case "date":
      return <DateQuestion {...props} />;
    case "text":
    case "textarea":
      return <TextQuestion {...props} />;
  }
}
