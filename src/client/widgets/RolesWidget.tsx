import { MultiSelect } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";
import { useMemo } from "react";
import { selectableRoles } from "../../shared/permissions.ts";
import { inputProps } from "./input-props.ts";

function toCodes(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/**
 * A clinical user's roles: the roles an admin may give (x-selectable in role.json, spec §6:
 * respondent is hidden). A role the user already holds but that is not offered (director) stays
 * listed under its title, so saving the form never drops it unseen; the server allows it to stay.
 */
export function RolesWidget(props: WidgetProps) {
  const { id, value, placeholder } = props;
  const { onChange, onBlur, onFocus, options } = props;
  const selected = toCodes(value);

  const data = useMemo(() => {
    const offered = selectableRoles();
    // Titles of every role (enumOptions of the items), for held roles that are not offered.
    const titles = new Map((options.enumOptions ?? []).map((o) => [String(o.value), o.label]));
    const held = selected
      .filter((code) => !offered.some((r) => r.value === code))
      .map((code) => ({ value: code, label: titles.get(code) ?? code }));
    return [...offered, ...held];
  }, [options.enumOptions, selected]);

  return (
    <MultiSelect
      {...inputProps(props)}
      data={data}
      value={selected}
      onChange={(values) => onChange(values)}
      onBlur={() => onBlur(id, selected)}
      onFocus={() => onFocus(id, selected)}
      clearable
      hidePickedOptions
      // The closed option list is unmounted so the label names one element (see LookupMultiSelectWidget).
      comboboxProps={{ keepMounted: false }}
      placeholder={selected.length ? undefined : placeholder || "Select"}
    />
  );
}
