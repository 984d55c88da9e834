import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ONE_TIME } from "../../../shared/scheduling/due-dates.ts";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { clinicToday, formatCalendarDate } from "../../dates/clinic-dates.ts";
import { DateField } from "../../dates/DateField.tsx";
import { toastSuccess } from "../../notifications/toast.ts";
import { relationLabel } from "../measures/measure-format.ts";
import { chartKeys, scheduleMeasure, type TeamMember, useSchedulingOptions } from "./chart-api.ts";
import { DueDatePreview, FREQUENCIES, showDay } from "./DueDatePreview.tsx";

export interface AssignMeasureModalProps {
  opened: boolean;
  onClose: () => void;
  team: readonly TeamMember[];
  defaultCcauId: number;
}

type Errors = Partial<Record<"ccauId" | "measureId" | "dueDate" | "form", string>>;

/**
 * Assigns a measure to one of the chart's respondents with a first due date and a frequency
 * (POST /api/scheduling), previewing the next five due dates before saving (issue 10 §1). The same
 * measure already due that day asks for confirmation first (spec §5).
 */
export function AssignMeasureModal({ opened, onClose, team, defaultCcauId }: AssignMeasureModalProps) {
  const client = useQueryClient();
  const [ccauId, setCcauId] = useState(defaultCcauId);
  const [measureId, setMeasureId] = useState("");
  const [dueDate, setDueDate] = useState(clinicToday());
  const [frequency, setFrequency] = useState(ONE_TIME);
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = useSchedulingOptions(opened ? ccauId : null);
  const respondent = team.find((m) => m.ccauId === ccauId);
  const measure = options.data?.rows.find((r) => String(r.id) === measureId);

  function reset() {
    setMeasureId("");
    setDueDate(clinicToday());
    setFrequency(ONE_TIME);
    setErrors({});
    setConfirming(null);
    setBusy(false);
  }

  function close() {
    reset();
    setCcauId(defaultCcauId);
    onClose();
  }

  async function assign(confirm: boolean) {
    const found: Errors = {};
    if (!measureId) found.measureId = "A measure must be selected.";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate))
      found.dueDate = dueDate ? "Due date is not valid" : "Due date is required";
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await scheduleMeasure({
        ccauId,
        measureId: Number(measureId),
        // Start of the chosen calendar day, as the server wants it (spec §5).
        dueDate: `${dueDate} 00:00:00`,
        frequency,
        ...(confirm ? { confirm: true } : {}),
      });
      const how =
        frequency === ONE_TIME
          ? ""
          : ` ${FREQUENCIES.find((f) => f.value === String(frequency))?.label.toLowerCase()} from`;
      toastSuccess(
        `${measure?.abbreviation ?? "The measure"} assigned to ${respondent?.full_name ?? "the respondent"}, due${how} ${showDay(dueDate)}`,
      );
      void client.invalidateQueries({ queryKey: chartKeys.all });
      close();
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 409 && error.code === "already_scheduled") {
        setConfirming(error.message);
        return;
      }
      const byField: Errors = {};
      if (error instanceof ApiError) {
        for (const e of error.fieldErrors) {
          if (e.field === "measureId" || e.field === "dueDate" || e.field === "ccauId") byField[e.field] = e.message;
        }
      }
      if (!Object.keys(byField).length) byField.form = errorText(error);
      setErrors(byField);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Assign measure" size="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void assign(false);
        }}
      >
        <Stack gap="sm">
          <NativeSelect
            label="Respondent"
            value={String(ccauId)}
            onChange={(event) => {
              setCcauId(Number(event.currentTarget.value));
              setMeasureId("");
              setConfirming(null);
            }}
            data={team.map((m) => ({
              value: String(m.ccauId),
              label: `${m.full_name} (${m.relation || relationLabel(m.relation_id)})`,
            }))}
            error={errors.ccauId}
            disabled={confirming !== null}
          />
          <NativeSelect
            label="Measure"
            required
            value={measureId}
            onChange={(event) => {
              setMeasureId(event.currentTarget.value);
              setErrors(({ measureId: _m, ...rest }) => rest);
              setConfirming(null);
            }}
            data={[
              { value: "", label: options.isPending ? "Loading…" : "Choose a measure", disabled: true },
              ...(options.data?.rows ?? []).map((r) => ({
                value: String(r.id),
                label: `${r.abbreviation}${r.short_name ? ` — ${r.short_name}` : ""}${r.next_due ? ` (due ${formatCalendarDate(r.next_due)})` : ""}`,
              })),
            ]}
            error={errors.measureId}
            description={
              options.data && options.data.rows.length === 0
                ? "No measure in the library fits this respondent."
                : undefined
            }
            disabled={confirming !== null}
          />
          <DateField
            label="Due date"
            required
            value={dueDate}
            minDate={clinicToday()}
            onChange={(next) => {
              setDueDate(next);
              setErrors(({ dueDate: _d, ...rest }) => rest);
              setConfirming(null);
            }}
            error={errors.dueDate}
            disabled={confirming !== null}
          />
          <NativeSelect
            label="Frequency"
            value={String(frequency)}
            onChange={(event) => {
              setFrequency(Number(event.currentTarget.value));
              setConfirming(null);
            }}
            data={FREQUENCIES}
            disabled={confirming !== null}
          />
          <DueDatePreview frequency={frequency} dueDate={dueDate} />
          {options.isError && (
            <Alert color="red" title="The measures could not be loaded">
              {errorText(options.error)}
            </Alert>
          )}
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          {confirming ? (
            <Alert color="yellow" title="Already scheduled on that date" role="alertdialog">
              <Text size="sm">
                {measure?.abbreviation ?? "This measure"} is already due for{" "}
                {respondent?.full_name ?? "this respondent"} on {formatCalendarDate(`${dueDate}T00:00:00Z`)}. Schedule
                it again?
              </Text>
              <Group gap="sm" mt="sm">
                <Button size="xs" onClick={() => void assign(true)} loading={busy}>
                  Schedule again
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirming(null)} disabled={busy}>
                  Choose another date
                </Button>
              </Group>
            </Alert>
          ) : (
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Assign
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
