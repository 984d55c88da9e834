import type { WidgetProps } from "@rjsf/utils";

/**
 * The props every form widget hands its Mantine input the same way: id and name, the label
 * (unless the form hides it), required without Mantine's asterisk (the form marks required
 * fields itself), read-only as disabled, autofocus, and the field's errors one per line.
 */
export function inputProps(props: WidgetProps) {
  const { id, htmlName, required, disabled, readonly, autofocus, label, hideLabel, rawErrors } = props;
  return {
    id,
    name: htmlName || id,
    label: hideLabel ? undefined : label,
    withAsterisk: false,
    required,
    disabled: disabled || readonly,
    autoFocus: autofocus,
    error: rawErrors?.length ? rawErrors.join("\n") : undefined,
  };
}
