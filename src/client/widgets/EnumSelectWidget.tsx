import { NativeSelect } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";
import { inputProps } from "./input-props.ts";

/**
 * One choice from a code list (an enum file's oneOf), as a native <select>: labels are the enum
 * titles, the stored value the code. Native, so the keyboard, screen readers, phones and test
 * drivers (selectOption) all handle it the way they handle every other select.
 */
export function EnumSelectWidget(props: WidgetProps) {
  const { id, value, placeholder } = props;
  const { onChange, onBlur, onFocus, options } = props;
  const choices = options.enumOptions ?? [];
  const index = choices.findIndex((o) => o.value === value);
  const decode = (selected: string) => (selected === "" ? options.emptyValue : choices[Number(selected)]?.value);

  return (
    <NativeSelect
      {...inputProps(props)}
      value={index === -1 ? "" : String(index)}
      onChange={(event) => onChange(decode(event.currentTarget.value))}
      onBlur={(event) => onBlur(id, decode(event.currentTarget.value))}
      onFocus={(event) => onFocus(id, decode(event.currentTarget.value))}
      data={[
        { value: "", label: placeholder || "Select…" },
        ...choices.map((o, i) => ({ value: String(i), label: o.label })),
      ]}
    />
  );
}
