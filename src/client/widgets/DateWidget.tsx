import { TextInput } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";
import { inputProps } from "./input-props.ts";

/** "04/02/2010" or "20100402" typed by hand become the stored YYYY-MM-DD when the field is left. */
export function toIsoDate(text: string): string {
  const trimmed = text.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (us) return `${us[3]}-${us[1].padStart(2, "0")}-${us[2].padStart(2, "0")}`;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(trimmed);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  return trimmed;
}

/**
 * A date typed as YYYY-MM-DD into a labelled text box. A text box, not a calendar popup, so
 * keyboard users and test drivers type the value directly; the schema's `format: date` and its
 * message ('Birthdate is invalid') judge it.
 */
export function DateWidget(props: WidgetProps) {
  const { id, value, placeholder } = props;
  const { onChange, onBlur, onFocus, options } = props;
  const text = typeof value === "string" ? value : "";

  return (
    <TextInput
      {...inputProps(props)}
      type="text"
      autoComplete="off"
      placeholder={placeholder || "YYYY-MM-DD"}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value === "" ? options.emptyValue : event.currentTarget.value)}
      onBlur={() => {
        const iso = toIsoDate(text);
        if (iso !== text) onChange(iso === "" ? options.emptyValue : iso);
        onBlur(id, iso || options.emptyValue);
      }}
      onFocus={() => onFocus(id, text)}
    />
  );
}
