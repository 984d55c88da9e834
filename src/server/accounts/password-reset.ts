import type { Kysely } from "kysely";
import type { AppContext } from "../app-context.ts";
import { ACTIVITY } from "../auth/activity-log.ts";
import type { Database } from "../db/database-types.ts";
import { inTransaction } from "../db/in-transaction.ts";
import { chooseDestination, type Destination } from "../messaging/recipients.ts";
import { passwordResetMessage } from "./account-messages.ts";
import { type LinkMessageResult, sendLinkMessage } from "./link-message.ts";

export function passwordResetLink(ctx: Pick<AppContext, "config">, key: string): string {
  return `${ctx.config.accounts.publicUrl}/security/reset-password?key=${encodeURIComponent(key)}`;
}

/**
 * Sends an account a password-reset link (forgot password, or a clinician's or admin's reset):
 * a new single-use key that expires after RESET_TTL_MINUTES (earlier keys stop working), the
 * message to the account's best reachable contact (or `prefer`, the address the person typed),
 * and 'Reset request sent' in the activity log. The status is left alone: an admin reset that
 * set 5 (Password Reset) is completed by reset-password.
 */
export async function sendPasswordReset(
  ctx: AppContext,
  args: { userId: number; actorId: number | null; prefer?: Destination; db?: Kysely<Database> },
): Promise<LinkMessageResult> {
  return inTransaction(args.db ?? ctx.db, async (trx) => {
    const user = await trx
      .selectFrom("app_user")
      .select(["id", "username"])
      .where("id", "=", args.userId)
      .executeTakeFirst();
    if (!user?.username)
      return { sent: false, reason: "This account has no username yet: send an invitation instead." };
    const username = user.username;
    const choice = await chooseDestination(ctx, trx, user.id, { prefer: args.prefer });
    if (!choice.ok) return { sent: false, reason: choice.reason };
    const ttlMinutes = ctx.config.accounts.resetTtlMinutes;
    return sendLinkMessage(ctx, trx, {
      userId: user.id,
      actorId: args.actorId,
      to: choice.destination,
      purpose: "password_reset",
      ttlMinutes,
      link: (key) => passwordResetLink(ctx, key),
      compose: (common) => passwordResetMessage({ ...common, username, ttlMinutes }),
      activity: ACTIVITY.resetRequestSent,
    });
  });
}
