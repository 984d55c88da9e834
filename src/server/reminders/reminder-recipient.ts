import { type Kysely, sql } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { AppContext } from "../app-context.ts";
import type { Database } from "../db/database-types.ts";
import { chooseDestination, type Destination, reachableAddresses } from "../messaging/recipients.ts";

export type ReminderDestination = { ok: true; destination: Destination } | { ok: false; reason: string };

/**
 * Where a respondent's reminder goes: the address chooseDestination picks (email before SMS,
 * among the contacts whose notification flag is on and the channels the clinic has switched on).
 * When there is none, says why in words a clinician can act on: the clinic's channels are off,
 * the respondent's notifications are off, or there is no contact at all.
 */
export async function reminderDestination(
  ctx: Pick<AppContext, "bundle" | "dbKind">,
  db: Kysely<Database>,
  userId: number,
): Promise<ReminderDestination> {
  const choice = await chooseDestination(ctx, db, userId);
  if (choice.ok) return choice;
  if ((await reachableAddresses(db, userId)).length > 0) return { ok: false, reason: MESSAGES.reminderChannelsOff };
  const silenced = await sql<{ n: number }>`
    select count(*)::int as n from (
      select 1 from contact c where c.user_id = ${userId} and not c.enabled
      union all
      select 1 from patient p where p.user_id = ${userId}
         and ((p.email is not null and not p.email_notification)
           or (p.mobile_number is not null and not p.mobile_notification))
    ) s`.execute(db);
  return {
    ok: false,
    reason: (silenced.rows[0]?.n ?? 0) > 0 ? MESSAGES.reminderNotificationsOff : MESSAGES.reminderNoContact,
  };
}

/**
 * The link a reminder carries: the respondent's sessions (/session, through sign-in), or, for a
 * respondent without a password, the access-code sign-in, which ends on the same list. It
 * carries no secret and no identifier: the person proves who they are after opening it.
 */
export function reminderLink(publicUrl: string, hasPassword: boolean): { link: string; accessCode: boolean } {
  return hasPassword
    ? { link: `${publicUrl}/session`, accessCode: false }
    : { link: `${publicUrl}/security/access-code`, accessCode: true };
}
