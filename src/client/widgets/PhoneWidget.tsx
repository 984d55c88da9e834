import { TextInput } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";
import { type ChangeEvent, useLayoutEffect, useRef } from "react";
import { inputProps } from "./input-props.ts";
import { caretAfterDigits, formatPhone, phoneDigits } from "./phone-mask.ts";

/**
 * Mobile number input: shows (xxx) xxx-xxxx while typing and hands the form digits only, the
 * shape the schema stores (spec §5). The caret stays after the digit just typed or deleted.
 */
export function PhoneWidget(props: WidgetProps) {
  const { id, value, placeholder } = props;
  const { onChange, onBlur, onFocus, options } = props;
  const digits = typeof value === "string" ? phoneDigits(value) : "";
  const display = formatPhone(digits);
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (pendingCaret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.currentTarget.value;
    const caret = event.currentTarget.selectionStart ?? raw.length;
    let next = phoneDigits(raw);
    let digitsBefore = phoneDigits(raw.slice(0, caret)).length;
    // Deleting only a mask character would change nothing: delete the neighbouring digit instead.
    if (next === digits && raw.length < display.length) {
      const forward = (event.nativeEvent as InputEvent).inputType === "deleteContentForward";
      const at = forward ? digitsBefore : digitsBefore - 1;
      if (at >= 0 && at < next.length) {
        next = next.slice(0, at) + next.slice(at + 1);
        digitsBefore = forward ? digitsBefore : digitsBefore - 1;
      }
    }
    pendingCaret.current = caretAfterDigits(formatPhone(next), digitsBefore);
    onChange(next === "" ? options.emptyValue : next);
  };

  return (
    <TextInput
      ref={inputRef}
      {...inputProps(props)}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={placeholder || "(555) 555-5555"}
      value={display}
      onChange={handleChange}
      onBlur={() => onBlur(id, digits || options.emptyValue)}
      onFocus={() => onFocus(id, digits)}
    />
  );
}
