import { type Kysely, sql } from "kysely";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import { revokeUserFamilies } from "../auth/refresh-tokens.ts";
import type { Database } from "../db/database-types.ts";
import { HttpError } from "../http/http-error.ts";
import type { MessageChannel } from "../messaging/message-types.ts";
import { cancelInvitations, inviteUser } from "./invite-user.ts";
import type { LinkMessageResult } from "./link-message.ts";
import { spendOpenTokens } from "./one-time-tokens.ts";

/**
 * The account actions of spec §4 that clinical users and patient users share. One table and one
 * implementation, used by clinical-users/clinical-user-status.ts and
 * patient-users/patient-user-status.ts, so the two settings pages can never disagree on what an
 * action does or which status it starts from.
 */
export type StatusAction = "invite" | "invite_again" | "cancel_invite" | "deactivate" | "activate_and_invite";

const { inactive, active, notInvited, invited, passwordReset } = ACCOUNT_STATUS;

/** Which statuses each action starts from, and what to say otherwise. */
export const STATUS_ACTION_FROM: Record<StatusAction, { statuses: number[]; refusal: string }> = {
  invite: { statuses: [notInvited], refusal: "Only a user who has not been invited yet can be invited." },
  invite_again: { statuses: [invited], refusal: "Only a user with a pending invitation can be invited again." },
  cancel_invite: { statuses: [invited], refusal: "This user has no pending invitation to cancel." },
  deactivate: { statuses: [active, notInvited, invited, passwordReset], refusal: "This user is already inactive." },
  activate_and_invite: { statuses: [inactive], refusal: "Only an inactive user can be activated." },
};

/** A status action refused for the account's current status: 400 with a sentence (one error shape). */
export const refuseStatus = (message: string) => new HttpError(400, message, "invalid_status");

export async function setAccountStatus(db: Kysely<Database>, userId: number, status: number): Promise<void> {
  await db
    .updateTable("app_user")
    .set({ status, failed_logins: 0, locked_until: null, updated_at: sql<Date>`now()` })
    .where("id", "=", userId)
    .execute();
}

/** Ends every way into the account: sign-ins (refresh families, and with them access tokens) and open links. */
export async function cutOffAccount(ctx: AppContext, trx: Kysely<Database>, userId: number, actorId: number) {
  await revokeUserFamilies(trx, userId);
  await cancelInvitations(ctx, userId, { actorId, db: trx });
  await spendOpenTokens(trx, userId, "password_reset");
  await spendOpenTokens(trx, userId, "access_code");
}

export interface StatusActionArgs {
  actorId: number;
  userId: number;
  /** The account's status, read under a row lock in `trx`. */
  status: number;
  action: StatusAction;
  channel?: MessageChannel;
  /**
   * What else deactivation ends for this kind of account, run in the same transaction before
   * 'Inactivated' is logged; what it answers goes into the entry's detail for an auditor.
   */
  onDeactivate?: (trx: Kysely<Database>) => Promise<Record<string, unknown> | undefined>;
}

/**
 * Applies one action inside the caller's transaction (which has locked the account row):
 * - invite (Not Invited) and invite again (Invited): a new account-setup link, status Invited,
 *   'Invitation sent'. Refused, with nothing changed, when the invitation cannot be sent.
 * - cancel invite (Invited): the link stops working, status Not Invited, 'Invitation canceled'.
 * - deactivate (any other status; never your own account): status Inactive, every session ends
 *   at once, open links stop working, `onDeactivate`, 'Inactivated'.
 * - activate and invite (Inactive): status Not Invited, 'Reactivated', then an invitation. When
 *   it cannot be sent the account stays reactivated (Not Invited) and the answer says why.
 * Answers the invitation's outcome for the actions that send one.
 */
export async function applyStatusAction(
  ctx: AppContext,
  trx: Kysely<Database>,
  args: StatusActionArgs,
): Promise<LinkMessageResult | undefined> {
  const { actorId, userId, action } = args;
  if (!STATUS_ACTION_FROM[action].statuses.includes(args.status))
    throw refuseStatus(STATUS_ACTION_FROM[action].refusal);
  const invite = () => inviteUser(ctx, { userId, actorId, channel: args.channel, db: trx });
  switch (action) {
    case "invite":
    case "invite_again": {
      const result = await invite();
      if (!result.sent) throw refuseStatus(result.reason ?? "The invitation could not be sent.");
      return result;
    }
    case "cancel_invite":
      await cancelInvitations(ctx, userId, { actorId, db: trx });
      return undefined;
    case "deactivate": {
      if (userId === actorId) throw refuseStatus("You cannot deactivate your own account.");
      await setAccountStatus(trx, userId, inactive);
      await cutOffAccount(ctx, trx, userId, actorId);
      const detail = await args.onDeactivate?.(trx);
      await logActivity(trx, { userId, actorId, code: ACTIVITY.inactivated, detail });
      return undefined;
    }
    case "activate_and_invite":
      await setAccountStatus(trx, userId, notInvited);
      await logActivity(trx, { userId, actorId, code: ACTIVITY.reactivated });
      return invite();
  }
}
