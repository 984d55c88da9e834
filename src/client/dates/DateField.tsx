import { DateInput, type DateInputProps } from "@mantine/dates";
import { isoDateFromText } from "./date-text.ts";

export type DateFieldProps = Omit<DateInputProps, "value" | "onChange" | "dateParser" | "valueFormat"> & {
  /** The stored calendar date, YYYY-MM-DD, or "" for none. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * The one date input of the app (issue 9 §5): a text box that takes a typed date (2010-04-02,
 * 04/02/2010, Apr 2, 2010) for keyboard users, with a calendar to pick from, showing the date in
 * the display format every screen uses. Values are calendar dates, untouched by time zones.
 */
export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  return (
    <DateInput
      {...rest}
      value={value || null}
      onChange={(next) => onChange(next ?? "")}
      dateParser={(text) => isoDateFromText(text)}
      valueFormat="MMM D, YYYY"
      placeholder={rest.placeholder ?? "MM/DD/YYYY"}
      allowDeselect
      popoverProps={{ withinPortal: false, ...rest.popoverProps }}
      autoComplete="off"
    />
  );
}
