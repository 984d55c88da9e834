import { Button } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "../../notifications/toast.ts";
import { invitationSentMessage } from "./invitation-text.ts";
import { type ChartTeamMember, sendInvitation, teamKeys } from "./respondent-api.ts";

/** Account statuses an invitation can go to (spec §4): 3 Not Invited (invite), 4 Invited (invite again). */
const NOT_INVITED = 3;
const INVITED = 4;

/** "Send invitation" (or "Invite again") for an account not yet set up; the server's reason on failure. */
export function InviteButton({ member }: { member: ChartTeamMember }) {
  const queryClient = useQueryClient();
  const invite = useMutation({
    meta: { errorToast: false }, // toasted below with a title that says what failed
    mutationFn: () => sendInvitation(member.userId),
    onSuccess: async (result) => {
      toastSuccess(invitationSentMessage(member.full_name, result.channel, result.delivery));
      // The status shown (Invited) and the same person on other charts change too.
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: (error) => toastError(error, "The invitation was not sent"),
  });
  if (member.status !== NOT_INVITED && member.status !== INVITED) return null;
  const label = member.status === INVITED ? "Invite again" : "Send invitation";
  return (
    <Button
      size="xs"
      variant="light"
      loading={invite.isPending}
      onClick={() => invite.mutate()}
      aria-label={`${label} to ${member.full_name}`}
    >
      {label}
    </Button>
  );
}
