import { Textarea, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { QuestionLabel } from "./QuestionLabel.tsx";
import type { AnswerValue, QuestionView } from "./question-types.ts";

export interface InputQuestionProps {
  question: QuestionView;
  value: AnswerValue | null;
  error?: string;
  disabled?: boolean;
  onAnswer: (value: AnswerValue | null) => void;
  /** The respondent left the field: a typed answer waiting to be saved goes now. */
  onDone?: () => void;
}

const text = (value: AnswerValue | null) => (typeof value === "string" ? value : "");

/** Text and textarea questions. Blank text is "not answered" (null). */
export function TextQuestion({ question, value, error, disabled, onAnswer, onDone }: InputQuestionProps) {
  const common = {
    label: <QuestionLabel question={question} />,
    value: text(value),
    error,
    disabled,
    "aria-required": question.required || undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const next = event.currentTarget.value;
      onAnswer(next.trim() === "" ? null : next);
    },
    onBlur: onDone,
    classNames: { label: "question-text" },
  };
  return question.type === "textarea" ? <Textarea {...common} rows={4} resize="vertical" /> : <TextInput {...common} />;
}

function rangeHint(question: QuestionView): string | undefined {
  const { min, max, integer } = question;
  const kind = integer ? "A whole number" : "A number";
  if (min !== null && max !== null) return `${kind} from ${min} to ${max}`;
  if (min !== null) return `${kind} of at least ${min}`;
  if (max !== null) return `${kind} of at most ${max}`;
  return integer ? "A whole number" : undefined;
}

/** Why typed text is not an answer this question accepts, or null when it is one. */
export function numberProblem(question: QuestionView, typed: string): string | null {
  if (typed.trim() === "") return null;
  const n = Number(typed.trim().replace(",", "."));
  const hint = rangeHint(question);
  if (!Number.isFinite(n) || (question.integer && !Number.isInteger(n)))
    return `Enter ${hint?.toLowerCase() ?? "a number"}.`;
  if ((question.min !== null && n < question.min) || (question.max !== null && n > question.max)) {
    return `Enter ${hint?.toLowerCase()}.`;
  }
  return null;
}

/**
 * Number questions. The field keeps what is typed; only a number the question accepts is saved
 * (a half-typed "-" or "1." is not sent), and a blank field clears the answer.
 */
export function NumberQuestion({ question, value, error, disabled, onAnswer, onDone }: InputQuestionProps) {
  const [typed, setTyped] = useState(typeof value === "number" ? String(value) : "");
  // An answer that arrives from elsewhere (resume, a server correction) replaces the text.
  useEffect(() => {
    setTyped((current) => {
      const n = Number(current.replace(",", "."));
      return current.trim() !== "" && n === value ? current : typeof value === "number" ? String(value) : "";
    });
  }, [value]);
  const problem = numberProblem(question, typed);
  return (
    <TextInput
      label={<QuestionLabel question={question} />}
      classNames={{ label: "question-text" }}
      description={rangeHint(question)}
      inputMode={question.integer && (question.min ?? 0) >= 0 ? "numeric" : "decimal"}
      value={typed}
      error={problem ?? error}
      disabled={disabled}
      aria-required={question.required || undefined}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setTyped(next);
        if (next.trim() === "") onAnswer(null);
        else if (!numberProblem(question, next)) onAnswer(Number(next.trim().replace(",", ".")));
      }}
      onBlur={onDone}
      maw={260}
    />
  );
}

/** Date questions: the browser's date picker; the answer is YYYY-MM-DD. */
export function DateQuestion({ question, value, error, disabled, onAnswer, onDone }: InputQuestionProps) {
  return (
    <TextInput
      type="date"
      label={<QuestionLabel question={question} />}
      classNames={{ label: "question-text" }}
      value={text(value)}
      error={error}
      disabled={disabled}
      aria-required={question.required || undefined}
      onChange={(event) => onAnswer(event.currentTarget.value || null)}
      onBlur={onDone}
      maw={260}
    />
  );
}
