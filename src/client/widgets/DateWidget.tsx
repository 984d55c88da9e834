import type { WidgetProps } from "@rjsf/utils";
import { DateField } from "../dates/DateField.tsx";
import { inputProps } from "./input-props.ts";

/**
 * Every schema field of format "date" (widget-for-kind.ts): the app's one date input, typed or
 * picked from a calendar, stored as YYYY-MM-DD; the schema's rules (a birth date not in the future)
 * and their messages judge the value.
 */
export function DateWidget(props: WidgetProps) {
  const { id, value, placeholder } = props;
  const { onChange, onBlur, onFocus, options } = props;
  const text = typeof value === "string" ? value : "";

  return (
    <DateField
      {...inputProps(props)}
      placeholder={placeholder || undefined}
      value={text}
      onChange={(next) => onChange(next === "" ? options.emptyValue : next)}
      onBlur={() => onBlur(id, text || options.emptyValue)}
      onFocus={() => onFocus(id, text)}
    />
  );
}
