import { type KeyboardEvent, useId, useRef } from "react";
import { QuestionError, QuestionLabel } from "./QuestionLabel.tsx";
import type { AnswerValue, QuestionView } from "./question-types.ts";

export interface ChoiceQuestionProps {
  question: QuestionView;
  value: AnswerValue | null;
  error?: string;
  disabled?: boolean;
  onAnswer: (value: AnswerValue | null) => void;
}

const NEXT_KEYS = new Set(["ArrowDown", "ArrowRight"]);
const PREVIOUS_KEYS = new Set(["ArrowUp", "ArrowLeft"]);

/**
 * Radio and likert questions: one option of a list, as native radio buttons in a labelled
 * radiogroup. Arrow keys move and choose within the group, Home and End jump, Space and Enter
 * choose the focused option. Browsers do most of this natively; doing it here too makes it the
 * same everywhere (and testable), and Enter never submits anything by accident.
 */
export function SingleChoiceQuestion({ question, value, error, disabled, onAnswer }: ChoiceQuestionProps) {
  const uid = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const options = question.options ?? [];
  const labelId = `${uid}-label`;
  const errorId = `${uid}-error`;

  function choose(index: number) {
    const option = options[index];
    if (!option) return;
    inputs.current[index]?.focus();
    if (option.value !== value) onAnswer(option.value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    const last = options.length - 1;
    let target: number;
    if (NEXT_KEYS.has(event.key)) target = index === last ? 0 : index + 1;
    else if (PREVIOUS_KEYS.has(event.key)) target = index === 0 ? last : index - 1;
    else if (event.key === "Home") target = 0;
    else if (event.key === "End") target = last;
    else if (event.key === " " || event.key === "Enter") target = index;
    else return;
    event.preventDefault();
    choose(target);
  }

  // Only one option is a tab stop: the chosen one, else the first (the radiogroup pattern).
  const chosen = options.findIndex((o) => o.value === value);
  return (
    <fieldset className="question" data-invalid={error ? true : undefined}>
      <legend id={labelId} className="question-text">
        <QuestionLabel question={question} />
      </legend>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-required={question.required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="question-options"
        data-layout={question.type === "likert" ? "likert" : "list"}
      >
        {options.map((option, index) => (
          <label key={String(option.value)} className="question-option">
            <input
              ref={(el) => {
                inputs.current[index] = el;
              }}
              type="radio"
              name={`${uid}-${question.id}`}
              value={String(option.value)}
              checked={option.value === value}
              disabled={disabled}
              tabIndex={index === (chosen === -1 ? 0 : chosen) ? 0 : -1}
              onChange={() => onAnswer(option.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <QuestionError id={errorId} message={error} />
    </fieldset>
  );
}

/** Checkbox questions: any options of a list; the answer is the ticked values in option order. */
export function MultipleChoiceQuestion({ question, value, error, disabled, onAnswer }: ChoiceQuestionProps) {
  const uid = useId();
  const options = question.options ?? [];
  const ticked = new Set(Array.isArray(value) ? value : []);
  const errorId = `${uid}-error`;

  function toggle(optionValue: number | string) {
    const next = new Set(ticked);
    if (next.has(optionValue)) next.delete(optionValue);
    else next.add(optionValue);
    const ordered = options.map((o) => o.value).filter((v) => next.has(v));
    onAnswer(ordered.length ? ordered : null);
  }

  return (
    <fieldset
      className="question"
      data-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="question-text">
        <QuestionLabel question={question} />
      </legend>
      <div className="question-options" data-layout="list">
        {options.map((option) => (
          <label key={String(option.value)} className="question-option">
            <input
              type="checkbox"
              value={String(option.value)}
              checked={ticked.has(option.value)}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              onChange={() => toggle(option.value)}
              onKeyDown={(event) => {
                // Space toggles natively; Enter does the same here instead of submitting.
                if (event.key === "Enter") {
                  event.preventDefault();
                  toggle(option.value);
                }
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <QuestionError id={errorId} message={error} />
    </fieldset>
  );
}
