import { Checkbox } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";

/** A yes/no field as one labelled checkbox; the value is always a boolean (spec §5 flags). */
export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, label, hideLabel, rawErrors, onChange, onBlur, onFocus } =
    props;
  const checked = value === true || value === "true";
  return (
    <Checkbox
      id={id}
      name={htmlName || id}
      label={hideLabel ? undefined : label}
      checked={checked}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={() => onBlur(id, checked)}
      onFocus={() => onFocus(id, checked)}
      error={rawErrors?.length ? rawErrors.join("\n") : undefined}
    />
  );
}
