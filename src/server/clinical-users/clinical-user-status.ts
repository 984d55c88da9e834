import { sql } from "kysely";
import { cancelInvitations, inviteUser } from "../accounts/invite-user.ts";
import type { LinkMessageResult } from "../accounts/link-message.ts";
import { spendOpenTokens } from "../accounts/one-time-tokens.ts";
import { sendPasswordReset } from "../accounts/password-reset.ts";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import { revokeUserFamilies } from "../auth/refresh-tokens.ts";
import { HttpError } from "../http/http-error.ts";
import { type ClinicalUserJson, loadClinicalUser } from "./clinical-user-read.ts";
import { lockClinicalUser, recordClinicalUserHistory } from "./clinical-user-write.ts";

export type StatusAction = "invite" | "invite_again" | "cancel_invite" | "deactivate" | "activate_and_invite";

const { inactive, active, notInvited, invited, passwordReset } = ACCOUNT_STATUS;

/** Which statuses each action of spec §4 starts from, and what to say otherwise. */
const FROM: Record<StatusAction, { statuses: number[]; refusal: string }> = {
  invite: { statuses: [notInvited], refusal: "Only a user who has not been invited yet can be invited." },
  invite_again: { statuses: [invited], refusal: "Only a user with a pending invitation can be invited again." },
  cancel_invite: { statuses: [invited], refusal: "This user has no pending invitation to cancel." },
  deactivate: { statuses: [active, notInvited, invited, passwordReset], refusal: "This user is already inactive." },
  activate_and_invite: { statuses: [inactive], refusal: "Only an inactive user can be activated." },
};

export interface StatusChangeResult {
  user: ClinicalUserJson;
  /** Present for the actions that send an invitation: whether it went, and why not. */
  invitation?: LinkMessageResult;
}

const refuse = (message: string) => new HttpError(400, message, "invalid_status");

/** Ends every way into the account: sign-ins (refresh families, and with them access tokens) and open links. */
async function cutOff(ctx: AppContext, trx: AppContext["db"], userId: number, actorId: number): Promise<void> {
  await revokeUserFamilies(trx, userId);
  await cancelInvitations(ctx, userId, { actorId, db: trx });
  await spendOpenTokens(trx, userId, "password_reset");
  await spendOpenTokens(trx, userId, "access_code");
}

/**
 * The account actions of spec §4 for a clinical user, each in one transaction with its activity
 * log entries:
 * - invite (Not Invited) and invite again (Invited): a new account-setup link, status Invited,
 *   'Invitation sent'. Refused, with nothing changed, when the invitation cannot be sent.
 * - cancel invite (Invited): the link stops working, status Not Invited, 'Invitation canceled'.
 * - deactivate (any other status): status Inactive, 'Inactivated'; every session ends at once
 *   and open links stop working. Past results stay. Scheduled measures belong to respondents'
 *   charts, not to clinical users, so a clinician has none of their own to disable; the charts
 *   assigned to them keep their schedules and stay visible to their teams and supervisors.
 * - activate and invite (Inactive): status Not Invited, 'Reactivated', then an invitation. When
 *   the invitation cannot be sent the user stays reactivated (Not Invited) and the answer says why.
 */
export async function changeClinicalUserStatus(
  ctx: AppContext,
  args: { actorId: number; userId: number; action: StatusAction; channel?: "email" | "sms" },
): Promise<StatusChangeResult> {
  const { actorId, userId, action } = args;
  const invitation = await ctx.db.transaction().execute(async (trx) => {
    const user = await lockClinicalUser(trx, userId);
    if (!FROM[action].statuses.includes(user.status)) throw refuse(FROM[action].refusal);
    const invite = () => inviteUser(ctx, { userId, actorId, channel: args.channel, db: trx });
    let result: LinkMessageResult | undefined;
    switch (action) {
      case "invite":
      case "invite_again":
        result = await invite();
        if (!result.sent) throw refuse(result.reason ?? "The invitation could not be sent.");
        break;
      case "cancel_invite":
        await cancelInvitations(ctx, userId, { actorId, db: trx });
        break;
      case "deactivate":
        if (userId === actorId) throw refuse("You cannot deactivate your own account.");
        await setStatus(trx, userId, inactive);
        await cutOff(ctx, trx, userId, actorId);
        await logActivity(trx, { userId, actorId, code: ACTIVITY.inactivated });
        break;
      case "activate_and_invite":
        await setStatus(trx, userId, notInvited);
        await logActivity(trx, { userId, actorId, code: ACTIVITY.reactivated });
        result = await invite();
        break;
    }
    await recordClinicalUserHistory(trx, userId, actorId);
    return result;
  });
  const user = (await loadClinicalUser(ctx.db, userId)) as ClinicalUserJson;
  return invitation ? { user, invitation } : { user };
}

async function setStatus(trx: AppContext["db"], userId: number, status: number): Promise<void> {
  await trx
    .updateTable("app_user")
    .set({ status, failed_logins: 0, locked_until: null, updated_at: sql<Date>`now()` })
    .where("id", "=", userId)
    .execute();
}

/**
 * An admin's password reset for a clinical user (POST security/reset-clinical-user-password):
 * status 5 Password Reset, every session ended, 'Password reset' logged, and a reset link sent
 * to the user (accounts/password-reset.ts). Until they set a new password, through the link or
 * at their next sign-in (the sign-in of a status 5 account must change its password), they can
 * do nothing else. Only an account that has been set up (Active, or already Password Reset) has
 * a password to reset.
 */
export async function resetClinicalUserPassword(
  ctx: AppContext,
  args: { actorId: number; userId: number },
): Promise<{ user: ClinicalUserJson; message: LinkMessageResult }> {
  const { actorId, userId } = args;
  const message = await ctx.db.transaction().execute(async (trx) => {
    const user = await lockClinicalUser(trx, userId);
    if (userId === actorId) throw refuse("Use change password for your own account.");
    if (user.status === inactive) throw refuse("This user is inactive. Activate and invite them instead.");
    if (user.status === notInvited || user.status === invited)
      throw refuse("This user has not set up their account yet. Invite them instead.");
    await setStatus(trx, userId, passwordReset);
    await revokeUserFamilies(trx, userId);
    await logActivity(trx, { userId, actorId, code: ACTIVITY.passwordReset });
    const sent = await sendPasswordReset(ctx, { userId, actorId, db: trx });
    await recordClinicalUserHistory(trx, userId, actorId);
    return sent;
  });
  return { user: (await loadClinicalUser(ctx.db, userId)) as ClinicalUserJson, message };
}
