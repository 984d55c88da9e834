import type { FieldKind } from "../../shared/schema/field-kind.ts";
import { isNew, needsAction } from "./format-value.ts";

/**
 * A table cell's words. A value that calls for action (active alerts, an overdue measure) also
 * gets a warning mark and bold text, so it stands out without relying on colour, and its words
 * ("2 active alerts", "Overdue · 03/01/2026") say it to a screen reader and on a phone's card.
 */
export function CellText({ kind, value, text }: { kind: FieldKind; value: unknown; text: string }) {
  if (isNew(kind, value)) {
    return (
      <span className="schema-cell-new">
        <NewMark />
        {text}
      </span>
    );
  }
  if (!needsAction(kind, value)) return text;
  return (
    <span className="schema-cell-action">
      <WarningMark />
      {text}
    </span>
  );
}

function WarningMark() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="1em" height="1em" className="schema-cell-mark">
      <path d="M12 2 1 21h22L12 2Z" fill="currentColor" />
      <path d="M11 9h2v6h-2zM11 17h2v2h-2z" fill="var(--mantine-color-body)" />
    </svg>
  );
}

/** A filled dot before "New": the word says it, the dot and the bold only catch the eye. */
function NewMark() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="0.8em"
      height="0.8em"
      className="schema-cell-mark"
    >
      <circle cx="12" cy="12" r="9" fill="currentColor" />
    </svg>
  );
}
