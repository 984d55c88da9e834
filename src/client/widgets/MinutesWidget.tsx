import { NumberInput } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";
import { inputProps } from "./input-props.ts";

/** Seconds per stored unit: the schema says which unit it stores (x-unit). */
const SECONDS_PER: Record<string, number> = { seconds: 1, minutes: 60 };

/**
 * A duration shown and typed in minutes (uiSchema "ui:widget": "minutes"), whatever unit the
 * schema stores (its x-unit; general settings keep seconds). Decimals are allowed, so a stored
 * value that is not whole minutes (16 s in the tests) shows as it is and saves back unchanged.
 */
export function MinutesWidget(props: WidgetProps) {
  const { id, value, schema, label } = props;
  const { onChange, onBlur, onFocus, options } = props;
  const perUnit = SECONDS_PER[String(schema["x-unit"] ?? "minutes")] ?? 60;
  const minutes = typeof value === "number" ? Math.round(((value * perUnit) / 60) * 100) / 100 : "";
  const toStored = (entry: number | string) =>
    entry === "" ? options.emptyValue : Math.round((Number(entry) * 60) / perUnit);
  const input = inputProps(props);
  return (
    <NumberInput
      {...input}
      label={input.label === undefined ? undefined : `${label} (minutes)`}
      value={minutes}
      onChange={(entry) => onChange(toStored(entry))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      min={0}
      decimalScale={2}
      hideControls
      inputMode="decimal"
    />
  );
}
