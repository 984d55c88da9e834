import { MultiSelect } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";
import { useMemo } from "react";
import { inputProps } from "./input-props.ts";
import { type LookupKind, type LookupOption, useLookupOptions } from "./lookups.ts";

function toIds(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
}

/**
 * Picks records of a lookup kind (clinicians, teams, locations, supervisors) by name; the form keeps their ids.
 * Ids already chosen but no longer pickable (an inactive clinician) stay listed, named from the
 * full list, so editing a patient never drops an assignment unseen.
 */
function LookupMultiSelect({ kind, ...props }: WidgetProps & { kind: LookupKind }) {
  const { id, value, placeholder } = props;
  const { onChange, onBlur, onFocus } = props;
  const selected = toIds(value);
  const pickable = useLookupOptions(kind, true);
  const missing = selected.filter((v) => pickable.data && !pickable.data.some((o) => o.value === v));
  const everyone = useLookupOptions(kind, false, missing.length > 0);

  const data = useMemo(() => {
    const options: LookupOption[] = [...(pickable.data ?? [])];
    for (const v of missing) {
      const known = everyone.data?.find((o) => o.value === v);
      options.push({ value: v, label: known ? `${known.label} (inactive)` : `#${v} (inactive)` });
    }
    return options.map((o) => ({ value: String(o.value), label: o.label }));
  }, [pickable.data, everyone.data, missing]);

  return (
    <MultiSelect
      {...inputProps(props)}
      data={data}
      value={selected.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      onBlur={() => onBlur(id, selected)}
      onFocus={() => onFocus(id, selected)}
      searchable
      clearable
      hidePickedOptions
      // Mantine keeps the closed option list in the page, labelled like the input; unmounting it
      // keeps "Clinicians" naming one element, for screen readers and getByLabel alike.
      comboboxProps={{ keepMounted: false }}
      nothingFoundMessage={pickable.isError ? "Could not load the list" : "No matches"}
      placeholder={selected.length ? undefined : pickable.isPending ? "Loading…" : placeholder || "Select"}
    />
  );
}

export function CliniciansWidget(props: WidgetProps) {
  return <LookupMultiSelect kind="clinicians" {...props} />;
}

export function ClinicianTeamsWidget(props: WidgetProps) {
  return <LookupMultiSelect kind="clinicianTeams" {...props} />;
}

export function LocationsWidget(props: WidgetProps) {
  return <LookupMultiSelect kind="locations" {...props} />;
}

export function SupervisorsWidget(props: WidgetProps) {
  return <LookupMultiSelect kind="supervisors" {...props} />;
}
