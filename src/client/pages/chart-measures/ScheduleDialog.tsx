import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { errorText } from "../../api/error-text.ts";
import { clinicToday, formatCalendarDate } from "../../dates/clinic-dates.ts";
import { DateField } from "../../dates/DateField.tsx";
import { toastSuccess } from "../../notifications/toast.ts";
import { chartKeys } from "./chart-api.ts";
import { DueDatePreview, FREQUENCIES, showDay } from "./DueDatePreview.tsx";
import { type ListLine, partlyAnswered } from "./measure-list-rows.ts";
import { changeFrequency, changeSchedulingDate, removeMeasure, removeSchedule } from "./measures-list-api.ts";

export type ScheduleAction = "frequency" | "date" | "remove";

const TITLES: Record<ScheduleAction, string> = {
  frequency: "Change frequency",
  date: "Change due date",
  remove: "Remove measure",
};

interface Props {
  kind: ScheduleAction;
  line: ListLine;
  ccauId: number;
  respondentName: string;
  onClose: () => void;
}

/**
 * Asks before a schedule change of spec §4 and says what it will do (docs/scheduling.md): a new
 * frequency re-anchors on the next measure not yet answered, a new date moves the next measure and
 * every later one, removing withdraws every measure not yet submitted, and deletes the answers of
 * partly answered ones. Completed results always stay.
 */
export function ScheduleDialog({ kind, line, ccauId, respondentName, onClose }: Props) {
  const client = useQueryClient();
  const { measure, schedule } = line;
  const [frequency, setFrequency] = useState<number>(schedule?.frequency ?? 1);
  const [dueDate, setDueDate] = useState(schedule?.due_date?.slice(0, 10) ?? clinicToday());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const next = schedule?.next_occurrence ?? null;
  const nextDay = schedule?.due_date?.slice(0, 10) ?? null;

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      let done: string;
      if (kind === "frequency" && schedule) {
        await changeFrequency(schedule.id, frequency);
        done = `${measure.abbreviation} is now ${FREQUENCIES.find((f) => f.value === String(frequency))?.label ?? ""}`;
      } else if (kind === "date" && next) {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate))
          throw new Error(dueDate ? "Due date is not valid" : "Due date is required");
        await changeSchedulingDate(next.clientMeasureId, dueDate);
        done = `${measure.abbreviation} is now due ${showDay(dueDate)}`;
      } else {
        const removed = schedule
          ? await removeSchedule(schedule.id)
          : await removeMeasure(ccauId, measure.measureLibraryId);
        done = `${measure.abbreviation} removed for ${respondentName}${removed.removedFromList ? "" : "; its completed results stay"}`;
      }
      toastSuccess(done);
      void client.invalidateQueries({ queryKey: chartKeys.all });
      onClose();
    } catch (e) {
      setBusy(false);
      setError(errorText(e));
    }
  }

  let body: ReactNode;
  let canSubmit = true;
  if (kind === "frequency" && schedule?.visit_linked) {
    canSubmit = false;
    body = <Text size="sm">This measure is linked to a visit: it is scheduled once.</Text>;
  } else if (kind === "frequency") {
    body = (
      <>
        <Text size="sm">
          {nextDay
            ? `The next ${measure.abbreviation} keeps its date, ${showDay(nextDay)}; every later one not yet started follows the new frequency.`
            : `Nothing is due any more: the new frequency starts from the last ${measure.abbreviation}, at its first date from today.`}{" "}
          Answered and partly answered measures keep their dates.
        </Text>
        <NativeSelect
          label="Frequency"
          value={String(frequency)}
          onChange={(event) => setFrequency(Number(event.currentTarget.value))}
          data={FREQUENCIES}
        />
        {nextDay && <DueDatePreview frequency={frequency} dueDate={nextDay} />}
      </>
    );
  } else if (kind === "date") {
    if (next?.status !== "not_started") {
      canSubmit = false;
      body = (
        <Text size="sm">
          {next
            ? `The next ${measure.abbreviation} has been partly answered; its due date can no longer be changed.`
            : `The next ${measure.abbreviation}${nextDay ? `, due ${showDay(nextDay)},` : ""} is not made yet (measures are made two weeks ahead). Its date can be changed from then.`}
        </Text>
      );
    } else {
      body = (
        <>
          <Text size="sm">
            The {measure.abbreviation} due {formatCalendarDate(next.due_date)} moves to the new date, and every later
            one not yet started follows at {schedule?.frequency_information.toLowerCase()} from it.
          </Text>
          <DateField label="New due date" required value={dueDate} minDate={clinicToday()} onChange={setDueDate} />
          <DueDatePreview frequency={schedule?.frequency ?? 1} dueDate={dueDate} />
        </>
      );
    }
  } else {
    const completed = measure.sessions_completed;
    body = (
      <>
        <Text size="sm">
          {measure.abbreviation} stops for {respondentName}: every {measure.abbreviation} not yet submitted is withdrawn
          {completed > 0
            ? `. The ${completed} completed ${completed === 1 ? "result stays" : "results stay"} on the chart.`
            : ", and the measure leaves the list."}
        </Text>
        {measure.sessions_partial > 0 && (
          <Alert color="red" title="Answers will be deleted">
            {measure.abbreviation} has {partlyAnswered(measure.sessions_partial)}: the answers given so far will be
            deleted.
          </Alert>
        )}
      </>
    );
  }

  return (
    <Modal opened onClose={onClose} title={`${TITLES[kind]}: ${measure.abbreviation} for ${respondentName}`}>
      <Stack gap="sm">
        {body}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {canSubmit ? "Cancel" : "Close"}
          </Button>
          {canSubmit && (
            <Button color={kind === "remove" ? "red" : undefined} onClick={() => void submit()} loading={busy}>
              {kind === "remove" ? "Remove" : "Save"}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
