import { type Kysely, sql } from "kysely";
import type { AppContext } from "../app-context.ts";
import type { Database } from "../db/database-types.ts";
import { readGeneralSettings } from "../settings/general-settings.ts";
import type { MessageChannel } from "./message-types.ts";

/** Where one message to one account goes. */
export interface Destination {
  channel: MessageChannel;
  address: string;
}

export type DestinationChoice = { ok: true; destination: Destination } | { ok: false; reason: string };

/** Spec §5 "The recipient contact must be valid" / §8 "Selected contact invalid", with what to do about it. */
export const NO_VALID_CONTACT =
  "The recipient contact must be valid. Add an email address or a mobile number with notifications turned on.";
export const EMAIL_OFF = "Email notifications are turned off for this clinic.";
export const SMS_OFF = "Text messages are turned off for this clinic.";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^[0-9]{10}$/;

export function isValidAddress(channel: MessageChannel, address: string): boolean {
  return channel === "email" ? EMAIL_PATTERN.test(address) : PHONE_PATTERN.test(address);
}

/** The deployment's switches (general settings email_enabled, sms_enabled). */
export async function enabledChannels(
  ctx: Pick<AppContext, "bundle" | "dbKind">,
  db: Kysely<Database>,
): Promise<Record<MessageChannel, boolean>> {
  const settings = await readGeneralSettings(db, ctx.bundle, ctx.dbKind);
  return { email: settings.email_enabled !== false, sms: settings.sms_enabled === true };
}

/**
 * Every address an account may be reached at, best first, with notifications on:
 * 1. its contacts (contact.enabled), primary first;
 * 2. for a patient's own account, the chart's email and mobile number when the patient's
 *    email_notification / mobile_notification flag is on;
 * 3. the account's email (clinical users always count as having notifications on, spec §6).
 * Values that are not a well-formed email or a 10-digit number are skipped.
 */
export async function reachableAddresses(db: Kysely<Database>, userId: number): Promise<Destination[]> {
  const rows = await sql<{ channel: number; value: string }>`
    select channel, value from (
      select c.channel, c.value, 0 as source, case when c.is_primary then 0 else 1 end as rank, c.id as seq
        from contact c where c.user_id = ${userId} and c.enabled
      union all
      select 1, p.email, 1, 0, p.id from patient p
        where p.user_id = ${userId} and p.email is not null and p.email_notification
      union all
      select 2, p.mobile_number, 1, 0, p.id from patient p
        where p.user_id = ${userId} and p.mobile_number is not null and p.mobile_notification
      union all
      select 1, u.email, 2, 0, u.id from app_user u where u.id = ${userId} and u.email is not null
    ) a
    order by rank, source, seq`.execute(db);
  const seen = new Set<string>();
  const out: Destination[] = [];
  for (const row of rows.rows) {
    const channel: MessageChannel = row.channel === 1 ? "email" : "sms";
    const address = channel === "email" ? row.value.trim() : row.value.replace(/\D+/g, "");
    const key = `${channel}:${address.toLowerCase()}`;
    if (seen.has(key) || !isValidAddress(channel, address)) continue;
    seen.add(key);
    out.push({ channel, address });
  }
  return out;
}

/**
 * Picks where a message to an account goes: the asked-for channel, or email before SMS, among
 * the channels the clinic has switched on. `prefer` (the address a person typed to find their
 * account) wins when it is one of the account's reachable addresses.
 */
export async function chooseDestination(
  ctx: Pick<AppContext, "bundle" | "dbKind">,
  db: Kysely<Database>,
  userId: number,
  opts: { channel?: MessageChannel; prefer?: Destination } = {},
): Promise<DestinationChoice> {
  const enabled = await enabledChannels(ctx, db);
  if (opts.channel && !enabled[opts.channel])
    return { ok: false, reason: opts.channel === "email" ? EMAIL_OFF : SMS_OFF };
  const candidates = (await reachableAddresses(db, userId)).filter(
    (d) => enabled[d.channel] && (!opts.channel || d.channel === opts.channel),
  );
  const preferred = opts.prefer
    ? candidates.find(
        (d) => d.channel === opts.prefer?.channel && d.address.toLowerCase() === opts.prefer.address.toLowerCase(),
      )
    : undefined;
  const choice =
    preferred ?? candidates.find((d) => d.channel === "email") ?? candidates.find((d) => d.channel === "sms");
  return choice ? { ok: true, destination: choice } : { ok: false, reason: NO_VALID_CONTACT };
}
