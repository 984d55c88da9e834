import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/http.ts";
import { refreshEntity } from "../../entities/entity-api.ts";
import { toastError, toastSuccess } from "../../notifications/toast.ts";
import { chartKeys } from "../chart-measures/chart-api.ts";
import { patientEntity } from "./patient-api.ts";

export type PatientStatusAction = "deactivate" | "activate";

/** What each action does, as the dialog and the toast say it (patients/patient-status.ts). */
const WORDS: Record<PatientStatusAction, { title: string; button: string; effect: string; done: string }> = {
  deactivate: {
    title: "Deactivate patient",
    button: "Deactivate patient",
    effect:
      "Their scheduled measures and every measure not yet submitted, of every respondent on this chart, will be disabled; answers already started on those are removed. Past results are kept.",
    done: "was deactivated. Scheduled measures were disabled; past results are kept.",
  },
  activate: {
    title: "Reactivate patient",
    button: "Reactivate patient",
    effect:
      "Measures disabled when they were deactivated stay disabled, and removed answers do not come back. Schedule measures again to continue.",
    done: "was reactivated.",
  },
};

/** Confirms deactivating or reactivating a patient from the chart (issue 10 §6). */
export function PatientStatusDialog(props: {
  opened: boolean;
  onClose: () => void;
  patientId: number;
  patientName: string;
  action: PatientStatusAction;
}) {
  const { opened, onClose, patientId, patientName, action } = props;
  const words = WORDS[action];
  const queryClient = useQueryClient();
  const change = useMutation({
    meta: { errorToast: false },
    mutationFn: () => api(`patients/${patientId}/change-status`, { method: "POST", body: { action } }),
    onSuccess: async () => {
      toastSuccess(`${patientName} ${words.done}`);
      onClose();
      await refreshEntity(queryClient, patientEntity);
      await queryClient.invalidateQueries({ queryKey: chartKeys.all });
    },
    onError: (error) => toastError(error, `${words.title} did not work`),
  });
  return (
    <Modal opened={opened} onClose={onClose} title={words.title} centered>
      <Stack gap="md">
        <Text>
          {action === "deactivate" ? "Deactivate" : "Reactivate"} {patientName}?
        </Text>
        <Text size="sm">{words.effect}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color={action === "deactivate" ? "red" : undefined}
            loading={change.isPending}
            onClick={() => change.mutate()}
          >
            {words.button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
