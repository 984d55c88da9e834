import { NativeSelect } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";

/**
 * One choice from a code list (an enum file's oneOf), as a native <select>: labels are the enum
 * titles, the stored value the code. Native, so the keyboard, screen readers, phones and test
 * drivers (selectOption) all handle it the way they handle every other select.
 */
export function EnumSelectWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, label, hideLabel, rawErrors, placeholder } =
    props;
  const { onChange, onBlur, onFocus, options } = props;
  const choices = options.enumOptions ?? [];
  const index = choices.findIndex((o) => o.value === value);
  const decode = (selected: string) => (selected === "" ? options.emptyValue : choices[Number(selected)]?.value);

  return (
    <NativeSelect
      id={id}
      name={htmlName || id}
      label={hideLabel ? undefined : label}
      withAsterisk={false}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      value={index === -1 ? "" : String(index)}
      onChange={(event) => onChange(decode(event.currentTarget.value))}
      onBlur={(event) => onBlur(id, decode(event.currentTarget.value))}
      onFocus={(event) => onFocus(id, decode(event.currentTarget.value))}
      error={rawErrors?.length ? rawErrors.join("\n") : undefined}
      data={[
        { value: "", label: placeholder || "Select…" },
        ...choices.map((o, i) => ({ value: String(i), label: o.label })),
      ]}
    />
  );
}
