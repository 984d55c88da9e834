import type { WidgetProps } from "@rjsf/utils";

/**
 * The props every form widget hands its Mantine input the same way: id and name, the label
 * (unless the form hides it), required without Mantine's asterisk (the form marks required
 * fields itself, for every input kind), read-only as disabled, autofocus, and the field's errors one per line.
 */
export function inputProps(props: WidgetProps) {
  const { id, htmlName, disabled, readonly, autofocus, label, hideLabel, rawErrors, options } = props;
  // markRequired: a field one of several may satisfy (form-definition.ts), whose error shows here.
  const required = props.required || options.markRequired === true;
  return {
    id,
    name: htmlName || id,
    label: hideLabel ? undefined : label,
    withAsterisk: false,
    required,
    // Inputs that take no `required` attribute (the multi-selects' search box) still say so, to
    // screen readers and to the form's required mark (renderers.css).
    "aria-required": required || undefined,
    disabled: disabled || readonly,
    autoFocus: autofocus,
    error: rawErrors?.length ? rawErrors.join("\n") : undefined,
  };
}
