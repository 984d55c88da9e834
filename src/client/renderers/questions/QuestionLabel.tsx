import type { QuestionView } from "./question-types.ts";

/** "3. Question text" with the required mark; the mark stays out of the accessible name. */
export function QuestionLabel({ question }: { question: QuestionView }) {
  return (
    <>
      {question.number !== null && `${question.number}. `}
      {question.text}
      {question.required && (
        <span className="question-required" aria-hidden="true">
          *
        </span>
      )}
    </>
  );
}

export function QuestionError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <div id={id} className="question-error">
      {message}
    </div>
  );
}
