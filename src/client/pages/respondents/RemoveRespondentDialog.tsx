import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "../../notifications/toast.ts";
import { type ChartTeamMember, removeRespondent, teamKeys } from "./respondent-api.ts";

export interface RemoveRespondentDialogProps {
  opened: boolean;
  onClose: () => void;
  member: ChartTeamMember;
  patientName: string;
}

/**
 * Confirms removing a respondent from the team (spec §4): with measures the link is only marked
 * removed and the results stay in the chart; without, it is deleted. The account itself stays.
 */
export function RemoveRespondentDialog({ opened, onClose, member, patientName }: RemoveRespondentDialogProps) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    meta: { errorToast: false },
    mutationFn: () => removeRespondent(member.ccauId),
    onSuccess: async ({ result }) => {
      toastSuccess(
        result === "marked_deleted"
          ? `${member.full_name} was removed from the team. Their results are kept in the chart.`
          : `${member.full_name} was removed from the team.`,
      );
      onClose();
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: (error) => toastError(error, "The respondent was not removed"),
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Remove respondent" centered>
      <Stack gap="md">
        <Text>
          Remove {member.full_name} ({member.relation}) from {patientName}'s team?
        </Text>
        <Text size="sm" c="dimmed">
          If {member.name_first} has answered or been sent measures, their results are kept in the chart and measures
          not yet answered are cancelled. Their account is not deleted.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Remove respondent
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
