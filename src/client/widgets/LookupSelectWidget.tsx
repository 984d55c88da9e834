import { NativeSelect } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";
import { useParams } from "react-router-dom";
import { inputProps } from "./input-props.ts";
import { type LookupKind, useLookupOptions } from "./lookups.ts";

/**
 * One record of a lookup kind (a program's type, its parent program) by name, as a native
 * <select>; the form keeps its id, or null for none. Native like EnumSelectWidget, for keyboards,
 * screen readers and phones alike.
 */
function LookupSelect({ kind, exclude, ...props }: WidgetProps & { kind: LookupKind; exclude?: number }) {
  const { id, value, placeholder, onChange, onBlur, onFocus } = props;
  const options = useLookupOptions(kind, true);
  const selected = typeof value === "number" ? String(value) : "";
  const decode = (v: string) => (v === "" ? null : Number(v));
  const choices = (options.data ?? [])
    .filter((o) => o.value !== exclude)
    .map((o) => ({ value: String(o.value), label: o.label }));
  // A record picked before the list arrived (or since removed from it) keeps its place.
  if (selected && options.data && !choices.some((c) => c.value === selected))
    choices.push({ value: selected, label: `#${selected}` });
  return (
    <NativeSelect
      {...inputProps(props)}
      value={selected}
      onChange={(event) => onChange(decode(event.currentTarget.value))}
      onBlur={(event) => onBlur(id, decode(event.currentTarget.value))}
      onFocus={(event) => onFocus(id, decode(event.currentTarget.value))}
      data={[{ value: "", label: options.isPending ? "Loading…" : placeholder || "None" }, ...choices]}
    />
  );
}

export function ProgramTypeWidget(props: WidgetProps) {
  return <LookupSelect kind="programType" {...props} />;
}

/** A program's parent: on a program's own edit page that program is not offered (it cannot contain itself). */
export function ProgramWidget(props: WidgetProps) {
  const { programId } = useParams();
  return <LookupSelect kind="program" exclude={programId ? Number(programId) : undefined} {...props} />;
}

export function LocationWidget(props: WidgetProps) {
  return <LookupSelect kind="location" {...props} />;
}

export function MeasureWidget(props: WidgetProps) {
  return <LookupSelect kind="measure" {...props} />;
}
