import { type Kysely, sql } from "kysely";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import type { Database } from "../db/database-types.ts";
import { inTransaction } from "../db/in-transaction.ts";
import type { MessageChannel } from "../messaging/message-types.ts";
import { chooseDestination } from "../messaging/recipients.ts";
import { invitationMessage } from "./account-messages.ts";
import { type LinkMessageResult, sendLinkMessage } from "./link-message.ts";
import { spendOpenTokens } from "./one-time-tokens.ts";

export const NOT_INVITABLE = "Only an account that is not invited or invited can be sent an invitation.";
export const ACCOUNT_NOT_FOUND = "The account does not exist.";

/** The account-setup link a message carries. */
export function accountSetupLink(ctx: Pick<AppContext, "config">, secret: string): string {
  return `${ctx.config.accounts.publicUrl}/security/account-setup?token=${encodeURIComponent(secret)}`;
}

/**
 * An Active account that has never had a username: a respondent who so far answers only with
 * access codes or on a clinic device. An invitation to self sign-in (spec §4) gives them an
 * account-setup link without taking away the Active status they answer with.
 */
export function activeWithoutSignIn(user: { status: number; username: string | null }): boolean {
  return user.status === ACCOUNT_STATUS.active && user.username === null;
}

/**
 * Invites an account (spec §4: invite, invite again): a new single-use account-setup link
 * (earlier links stop working), status 4 Invited (from 3 Not Invited, or again from 4), the
 * message queued to the account's best reachable contact, and 'Invitation sent' in the activity
 * log, all in one transaction. With `selfSignIn` an Active account without a username may be
 * invited too, and stays Active (activeWithoutSignIn). Who may invite whom is the caller's check.
 * Pass `db` (a transaction) to make the invitation part of a larger change.
 */
export async function inviteUser(
  ctx: AppContext,
  args: { userId: number; actorId: number; channel?: MessageChannel; db?: Kysely<Database>; selfSignIn?: boolean },
): Promise<LinkMessageResult> {
  const db = args.db ?? ctx.db;
  return inTransaction(db, async (trx) => {
    const user = await trx
      .selectFrom("app_user")
      .select(["id", "status", "username", "first_name"])
      .where("id", "=", args.userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) return { sent: false, reason: ACCOUNT_NOT_FOUND };
    const keepsStatus = Boolean(args.selfSignIn) && activeWithoutSignIn(user);
    if (user.status !== ACCOUNT_STATUS.notInvited && user.status !== ACCOUNT_STATUS.invited && !keepsStatus)
      return { sent: false, reason: NOT_INVITABLE };
    const choice = await chooseDestination(ctx, trx, user.id, { channel: args.channel });
    if (!choice.ok) return { sent: false, reason: choice.reason };

    if (!keepsStatus)
      await trx
        .updateTable("app_user")
        .set({ status: ACCOUNT_STATUS.invited, updated_at: sql<Date>`now()` })
        .where("id", "=", user.id)
        .execute();
    const ttlHours = ctx.config.accounts.invitationTtlHours;
    return sendLinkMessage(ctx, trx, {
      userId: user.id,
      actorId: args.actorId,
      to: choice.destination,
      purpose: "account_setup",
      ttlMinutes: ttlHours * 60,
      link: (secret) => accountSetupLink(ctx, secret),
      compose: (common) => invitationMessage({ ...common, firstName: user.first_name, ttlHours }),
      activity: ACTIVITY.invitationSent,
    });
  });
}

/**
 * Cancels an account's invitation (spec §4 cancel invite): every open account-setup link stops
 * working, status 4 Invited goes back to 3 Not Invited, and 'Invitation canceled' is logged.
 * Other statuses are left as they are (a deactivation calls this only to kill the links).
 */
export async function cancelInvitations(
  ctx: AppContext,
  userId: number,
  opts: { actorId?: number | null; db?: Kysely<Database> } = {},
): Promise<void> {
  await inTransaction(opts.db ?? ctx.db, async (trx) => {
    const spent = await spendOpenTokens(trx, userId, "account_setup");
    const reverted = await trx
      .updateTable("app_user")
      .set({ status: ACCOUNT_STATUS.notInvited, updated_at: sql<Date>`now()` })
      .where("id", "=", userId)
      .where("status", "=", ACCOUNT_STATUS.invited)
      .executeTakeFirst();
    if (spent > 0 || Number(reverted.numUpdatedRows) > 0)
      await logActivity(trx, { userId, actorId: opts.actorId ?? null, code: ACTIVITY.invitationCanceled });
  });
}
