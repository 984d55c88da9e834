import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../api/error-text.ts";
import { clinicToday, formatCalendarDate } from "../../dates/clinic-dates.ts";
import { DateField } from "../../dates/DateField.tsx";
import { toastError, toastSuccess } from "../../notifications/toast.ts";
import {
  type Admission,
  type AdmissionResult,
  admit,
  DISPOSITIONS,
  type Disposition,
  discharge,
  refreshAdmissions,
  undoAdmission,
  useAvailablePrograms,
} from "./admissions-api.ts";

/** What an admission or discharge scheduled, and what it could not, in one sentence each. */
function scheduledWords(result: AdmissionResult): string {
  const made = result.scheduled.map((s) => `${s.measure} for ${s.respondent}`);
  const said = made.length ? `Scheduled: ${made.join(", ")}.` : "No measures were scheduled.";
  const skipped = result.skipped.map((s) => `${s.measure}${s.respondent ? ` for ${s.respondent}` : ""}: ${s.reason}`);
  return skipped.length ? `${said} Not scheduled: ${skipped.join(" ")}` : said;
}

/** Add to program (spec §2 chart programs/add): a program and the admission date. */
export function AddToProgramDialog(props: {
  opened: boolean;
  onClose: () => void;
  patientId: number;
  patientName: string;
}) {
  const { opened, onClose, patientId, patientName } = props;
  const queryClient = useQueryClient();
  const programs = useAvailablePrograms(patientId, opened);
  const [programId, setProgramId] = useState<string | null>(null);
  const [day, setDay] = useState(clinicToday());
  const save = useMutation({
    meta: { errorToast: false },
    mutationFn: () => admit(Number(programId), patientId, day),
    onSuccess: async (result) => {
      toastSuccess(`${patientName} was admitted to ${result.admission.program.name}. ${scheduledWords(result)}`);
      setProgramId(null);
      onClose();
      await refreshAdmissions(queryClient);
    },
  });
  const options = (programs.data?.rows ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  return (
    <Modal opened={opened} onClose={onClose} title="Add to program" centered>
      <Stack gap="md">
        {programs.isSuccess && options.length === 0 ? (
          <Text size="sm">There is no program {patientName} can be admitted to: they are in every active program.</Text>
        ) : (
          <Select
            label="Program"
            required
            data={options}
            value={programId}
            onChange={setProgramId}
            placeholder={programs.isPending ? "Loading programs…" : "Choose a program"}
            error={programs.isError ? errorText(programs.error) : undefined}
            comboboxProps={{ withinPortal: false }}
          />
        )}
        <DateField label="Admission date" required value={day} maxDate={clinicToday()} onChange={setDay} />
        <Text size="sm">
          The program's admission measures are scheduled from the admission date, and the patient becomes active.
        </Text>
        {save.isError && (
          <Text c="red.8" size="sm" role="alert">
            {errorText(save.error)}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!programId || !day} loading={save.isPending} onClick={() => save.mutate()}>
            Add to program
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Discharge (spec §2 chart programs/discharge): a disposition and the discharge date. */
export function DischargeDialog(props: { admission: Admission | null; onClose: () => void; patientName: string }) {
  const { admission, onClose, patientName } = props;
  const queryClient = useQueryClient();
  const [disposition, setDisposition] = useState<string | null>(null);
  const [day, setDay] = useState(clinicToday());
  const save = useMutation({
    meta: { errorToast: false },
    mutationFn: (a: Admission) => discharge(a, disposition as Disposition, day),
    onSuccess: async (result) => {
      const final = result.admission.discharge_status === "final";
      toastSuccess(
        final
          ? `${patientName} was discharged from ${result.admission.program.name}.`
          : `${patientName}'s discharge from ${result.admission.program.name} is pending. ${scheduledWords(result)}`,
      );
      setDisposition(null);
      onClose();
      await refreshAdmissions(queryClient);
    },
  });
  return (
    <Modal opened={admission !== null} onClose={onClose} title="Discharge from program" centered>
      {admission && (
        <Stack gap="md">
          <Text>
            Discharge {patientName} from {admission.program.name} (admitted{" "}
            {formatCalendarDate(admission.admission_date)}).
          </Text>
          <Select
            label="Disposition"
            required
            data={DISPOSITIONS}
            value={disposition}
            onChange={setDisposition}
            placeholder="Choose a disposition"
            comboboxProps={{ withinPortal: false }}
          />
          <DateField
            label="Discharge date"
            required
            value={day}
            minDate={admission.admission_date}
            maxDate={clinicToday()}
            onChange={setDay}
          />
          <Text size="sm">
            The program's discharge measures are scheduled for the discharge date. The discharge stays pending until
            they are answered and every alert of this admission is acknowledged; then it is final, the program's
            measures stop and the program's clinicians no longer see this chart through the program.
          </Text>
          {save.isError && (
            <Text c="red.8" size="sm" role="alert">
              {errorText(save.error)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!disposition || !day} loading={save.isPending} onClick={() => save.mutate(admission)}>
              Discharge
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Undo admission: permanent, so it asks first (spec §4). */
export function UndoAdmissionDialog(props: { admission: Admission | null; onClose: () => void; patientName: string }) {
  const { admission, onClose, patientName } = props;
  const queryClient = useQueryClient();
  const undo = useMutation({
    meta: { errorToast: false },
    mutationFn: (a: Admission) => undoAdmission(a),
    onSuccess: async () => {
      toastSuccess(`${patientName}'s admission to ${admission?.program.name ?? "the program"} was undone.`);
      onClose();
      await refreshAdmissions(queryClient);
    },
    onError: (error) => toastError(error, "Undo admission did not work"),
  });
  return (
    <Modal opened={admission !== null} onClose={onClose} title="Undo admission" centered>
      {admission && (
        <Stack gap="md">
          <Text>
            Undo {patientName}'s admission to {admission.program.name} on {formatCalendarDate(admission.admission_date)}
            ?
          </Text>
          <Text size="sm">
            The admission is deleted with the measures it scheduled. This cannot be reversed: to bring the patient back,
            add them to the program again.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" loading={undo.isPending} onClick={() => undo.mutate(admission)}>
              Undo admission
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
