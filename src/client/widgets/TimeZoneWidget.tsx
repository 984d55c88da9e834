import { Select } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";
import { useMemo } from "react";
import { supportedTimeZones, timeZoneLabel } from "../../shared/time-zones.ts";
import { inputProps } from "./input-props.ts";

/**
 * A time zone picked from the list the server accepts (shared/time-zones.ts), searchable by any
 * part of its name ("york", "Kolkata"): no free text to mistype. A stored zone that is not on the
 * list (an older alias) stays shown until another is picked.
 */
export function TimeZoneWidget(props: WidgetProps) {
  const { id, value, placeholder } = props;
  const { onChange, onBlur, onFocus, options } = props;
  const data = useMemo(() => {
    const zones = supportedTimeZones();
    if (typeof value === "string" && value && !zones.includes(value)) zones.unshift(value);
    return zones.map((zone) => ({ value: zone, label: timeZoneLabel(zone) }));
  }, [value]);
  return (
    <Select
      {...inputProps(props)}
      data={data}
      value={typeof value === "string" && value ? value : null}
      onChange={(zone) => onChange(zone ?? options.emptyValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      searchable
      nothingFoundMessage="No time zone matches"
      placeholder={placeholder || "Type to search, for example New York"}
      // The option list is unmounted while closed: it would otherwise share the input's label.
      comboboxProps={{ withinPortal: false, keepMounted: false }}
    />
  );
}
