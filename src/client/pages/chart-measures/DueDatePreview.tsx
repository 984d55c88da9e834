import { List, Text } from "@mantine/core";
import { useId } from "react";
import { nextDueDates, ONE_TIME, opensDaysBefore } from "../../../shared/scheduling/due-dates.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";
import { formatCalendarDate } from "../../dates/clinic-dates.ts";

/** Every frequency of enums/frequency.json, One Time first. */
export const FREQUENCIES = enumOptions(schemaById(defaultBundle, "enums/frequency.json")).map((o) => ({
  value: String(o.value),
  label: o.label,
}));
const PREVIEW_COUNT = 5;

/** A calendar day (YYYY-MM-DD) as the clinician reads due dates elsewhere. */
export const showDay = (day: string) => formatCalendarDate(`${day}T00:00:00Z`);

/**
 * The due dates the schedule will have, from the same rule the server generates them with
 * (src/shared/scheduling/due-dates.ts), so what the clinician sees before saving is what happens.
 */
export function DueDatePreview({ frequency, dueDate }: { frequency: number; dueDate: string }) {
  const headingId = useId();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) return null;
  const dates = nextDueDates(frequency, dueDate, PREVIEW_COUNT);
  const lead = opensDaysBefore(frequency);
  const title = frequency === ONE_TIME ? "Due once" : `Next ${dates.length} due dates`;
  return (
    <div>
      <Text size="sm" fw={500} id={headingId}>
        {title}
      </Text>
      <List size="sm" aria-labelledby={headingId}>
        {dates.map((d) => (
          <List.Item key={d}>{showDay(d)}</List.Item>
        ))}
      </List>
      {frequency !== ONE_TIME && (
        <Text size="xs" c="dimmed">
          {lead === 0
            ? "Each later one can be answered on its due date only."
            : `Each later one can be answered from ${lead} days before its due date.`}{" "}
          A missed one closes at the end of its due date; the dates after it do not move.
        </Text>
      )}
    </div>
  );
}
