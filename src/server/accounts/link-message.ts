import type { Kysely } from "kysely";
import type { LinkMessageResult } from "../../../generated/types/api/responses/link-message-result.ts";
import type { ActivityCode } from "../../../generated/types/enums/activity-code.ts";
import type { AppContext } from "../app-context.ts";
import { logActivity } from "../auth/activity-log.ts";
import type { Database } from "../db/database-types.ts";
import type { OutgoingMessage } from "../messaging/message-types.ts";
import type { Destination } from "../messaging/recipients.ts";
import { clinicName, type MessageCommon } from "./account-messages.ts";
import { issueToken, newLinkSecret } from "./one-time-tokens.ts";

/** What sending an account a link answers (invitation, password reset): schemas/api/responses/link-message-result.json. */
export type { LinkMessageResult };

export interface LinkMessage {
  userId: number;
  /** Who asked for it: a clinician or admin, or null for the person themself or the system. */
  actorId: number | null;
  to: Destination;
  purpose: "account_setup" | "password_reset";
  ttlMinutes: number;
  /** The page the link opens, carrying the new secret. */
  link: (secret: string) => string;
  /** The message's text around the link (account-messages.ts). */
  compose: (common: MessageCommon & { link: string }) => OutgoingMessage;
  /** What the activity log records about the account. */
  activity: ActivityCode;
}

/**
 * Sends an account a single-use link: a new secret of the purpose (the account's earlier links
 * of that purpose stop working), the message carrying it queued to `to`, and the activity logged
 * with the channel and the message, so an auditor can find what was sent. Run it in the
 * transaction of the change the link belongs to: all of it commits, or none.
 */
export async function sendLinkMessage(
  ctx: AppContext,
  trx: Kysely<Database>,
  message: LinkMessage,
): Promise<LinkMessageResult> {
  const clinic = await clinicName(ctx, trx);
  const secret = newLinkSecret();
  await issueToken(trx, { userId: message.userId, purpose: message.purpose, secret, ttlMinutes: message.ttlMinutes });
  const queued = await ctx.messages.enqueue(
    trx,
    message.compose({ to: message.to, userId: message.userId, clinic, link: message.link(secret) }),
  );
  await logActivity(trx, {
    userId: message.userId,
    actorId: message.actorId,
    code: message.activity,
    detail: { channel: message.to.channel, messageId: queued.id },
  });
  return { sent: true, channel: message.to.channel, delivery: queued.status };
}
