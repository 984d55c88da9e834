import { Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { DeactivateRespondentDialog } from "./DeactivateRespondentDialog.tsx";
import type { ChartTeamMember } from "./respondent-api.ts";
import { useAccountStatusChange } from "./useAccountStatusChange.ts";

/** Account statuses (enums/account-status.json) the actions start from (spec §4). */
const INACTIVE = 1;
const ACTIVE = 2;
const INVITED = 4;

/**
 * The account actions beside Send invitation / Invite again on a team card: Invite to self
 * sign-in (an Active account without a username: someone answering on a clinic device or with
 * access codes), Cancel invite (a pending invitation), Activate and invite (an inactive account),
 * Deactivate (any other, after a confirmation). The server checks every transition again; these
 * only offer what would work (docs/decisions.md "Account lifecycle").
 */
export function AccountStatusActions({ member }: { member: ChartTeamMember }) {
  const [confirming, confirmation] = useDisclosure(false);
  const change = useAccountStatusChange(member);
  const name = member.full_name;
  const pending = (action: string) => change.isPending && change.variables === action;

  return (
    <>
      {member.status === ACTIVE && !member.hasSignIn && (
        <Button
          size="xs"
          variant="light"
          loading={pending("invite_self_sign_in")}
          onClick={() => change.mutate("invite_self_sign_in")}
          aria-label={`Invite ${name} to self sign-in`}
        >
          Invite to self sign-in
        </Button>
      )}
      {member.status === INVITED && (
        <Button
          size="xs"
          variant="default"
          loading={pending("cancel_invite")}
          onClick={() => change.mutate("cancel_invite")}
          aria-label={`Cancel invite to ${name}`}
        >
          Cancel invite
        </Button>
      )}
      {member.status === INACTIVE ? (
        <Button
          size="xs"
          variant="light"
          loading={pending("activate_and_invite")}
          onClick={() => change.mutate("activate_and_invite")}
          aria-label={`Activate and invite ${name}`}
        >
          Activate and invite
        </Button>
      ) : (
        <>
          <Button size="xs" variant="subtle" color="red" onClick={confirmation.open} aria-label={`Deactivate ${name}`}>
            Deactivate
          </Button>
          <DeactivateRespondentDialog opened={confirming} onClose={confirmation.close} member={member} />
        </>
      )}
    </>
  );
}
