import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastInfo, toastSuccess } from "../../notifications/toast.ts";
import { invitationSentMessage } from "./invitation-text.ts";
import {
  type AccountStatusAction,
  type ChartTeamMember,
  changeRespondentStatus,
  type StatusChangeResult,
  teamKeys,
} from "./respondent-api.ts";

/** What failed, as a toast title, per action. */
const FAILED: Partial<Record<AccountStatusAction, string>> = {
  cancel_invite: "The invitation was not canceled",
  deactivate: "The account was not deactivated",
  activate_and_invite: "The account was not activated",
  invite_self_sign_in: "The invitation was not sent",
};

function announce(member: ChartTeamMember, action: AccountStatusAction, result: StatusChangeResult): void {
  const name = member.full_name;
  if (action === "activate_and_invite" && !result.invitation?.sent) {
    // Activated all the same (status Not Invited): say why no invitation went, so it can be fixed.
    toastInfo(`${name}'s account was activated, but no invitation was sent. ${result.invitation?.reason ?? ""}`.trim());
    return;
  }
  const done: Partial<Record<AccountStatusAction, string>> = {
    cancel_invite: `The invitation to ${name} was canceled.`,
    deactivate: `${name}'s account was deactivated. Scheduled measures were disabled; past results are kept.`,
    activate_and_invite: `${name}'s account was activated and an invitation was sent.`,
    // A link to choose a username and password; the account stays Active meanwhile.
    invite_self_sign_in: invitationSentMessage(
      name,
      result.invitation?.channel,
      result.invitation?.delivery,
      "Invitation to self sign-in",
    ),
  };
  toastSuccess(done[action] ?? `${name}'s account was updated.`);
}

/**
 * One account action of spec §4 for a person on the chart's team (POST
 * patient-user/respondents/:id/change-status). The team is re-read afterwards: the status shown
 * changes, and the same person on other charts too.
 */
export function useAccountStatusChange(member: ChartTeamMember, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false }, // toasted below with a title that says what failed
    mutationFn: (action: AccountStatusAction) => changeRespondentStatus(member.userId, action),
    onSuccess: async (result, action) => {
      announce(member, action, result);
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: (error, action) => toastError(error, FAILED[action] ?? "The account was not changed"),
  });
}
