import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ChartTeamMember } from "./respondent-api.ts";
import { useAccountStatusChange } from "./useAccountStatusChange.ts";

export interface DeactivateRespondentDialogProps {
  opened: boolean;
  onClose: () => void;
  member: ChartTeamMember;
}

/**
 * Confirms deactivating a person's account (spec §4 "deactivate (disables scheduled measures,
 * keeps past results)"). The account is one person's across every chart they answer for, so the
 * dialog says so; activating and inviting them again is possible later.
 */
export function DeactivateRespondentDialog({ opened, onClose, member }: DeactivateRespondentDialogProps) {
  const deactivate = useAccountStatusChange(member, onClose);
  return (
    <Modal opened={opened} onClose={onClose} title="Deactivate account" centered>
      <Stack gap="md">
        <Text>Deactivate {member.full_name}'s account?</Text>
        <Text>Scheduled measures will be disabled. Past results are kept.</Text>
        <Text size="sm" c="dimmed">
          {member.name_first} is signed out at once and cannot sign in or answer measures, on any chart, until the
          account is activated again.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={deactivate.isPending} onClick={() => deactivate.mutate("deactivate")}>
            Deactivate account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
