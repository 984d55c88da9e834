import { Group, Text } from "@mantine/core";
import type { SessionUser } from "../../../../../generated/types/entities/user.ts";
import { ReturnToClinician } from "./ReturnToClinician.tsx";

/**
 * The respondent view's header while a clinician has handed over the device: no account menu and
 * no way elsewhere, only who answers and the way back, which asks for the clinician's password.
 */
export function LockedHeader({ user }: { user: SessionUser }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" visibleFrom="xs">
        Answering as {user.firstName} {user.lastName}
      </Text>
      <ReturnToClinician user={user} />
    </Group>
  );
}
