import type { AppContext } from "../app-context.ts";
import { chooseDestination } from "../messaging/recipients.ts";
import { clinicName, signInBlockedMessage } from "./account-messages.ts";

/**
 * Tells an account's owner, through the outbox, that sign-in attempts were blocked. Best effort:
 * an account without a reachable contact simply gets no notice (the attempt is still throttled
 * and the failures are in the activity log).
 */
export async function notifySignInBlocked(ctx: AppContext, userId: number): Promise<void> {
  const user = await ctx.db.selectFrom("app_user").select(["username"]).where("id", "=", userId).executeTakeFirst();
  if (!user?.username) return;
  const choice = await chooseDestination(ctx, ctx.db, userId);
  if (!choice.ok) return;
  const clinic = await clinicName(ctx, ctx.db);
  const username = user.username;
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.messages.enqueue(
      trx,
      signInBlockedMessage({
        to: choice.destination,
        userId,
        clinic,
        username,
        resetLink: `${ctx.config.accounts.publicUrl}/security/forgot-password`,
      }),
    );
  });
}
