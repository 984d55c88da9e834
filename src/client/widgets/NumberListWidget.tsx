import { TagsInput } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";
import { inputProps } from "./input-props.ts";

/** A typed entry becomes a number when it is one; anything else stays text, for the schema to refuse. */
function parse(entry: string): number | string {
  const trimmed = entry.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * A short list of whole numbers (the due-date choices in days) typed as tags: Enter or a comma
 * adds one, backspace removes the last. One input with one label, where rjsf's default would
 * render a labelled input per entry with move and remove buttons.
 */
export function NumberListWidget(props: WidgetProps) {
  const { id, value, placeholder } = props;
  const { onChange, onBlur, onFocus } = props;
  const entries = Array.isArray(value) ? value.map(String) : [];
  return (
    <TagsInput
      {...inputProps(props)}
      value={entries}
      onChange={(next) => onChange(next.map(parse))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      splitChars={[",", " "]}
      acceptValueOnBlur
      clearable
      placeholder={entries.length ? undefined : placeholder || "Type a number, then Enter"}
      // No suggestions to offer; the (empty) option list stays out of the page.
      comboboxProps={{ keepMounted: false }}
    />
  );
}
