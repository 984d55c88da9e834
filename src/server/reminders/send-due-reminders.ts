import { type Kysely, sql } from "kysely";
import { clinicName } from "../accounts/account-messages.ts";
import type { AppContext } from "../app-context.ts";
import type { Database } from "../db/database-types.ts";
import { clinicTimeZone, dueDayEnd, isOpen } from "../sessions/availability.ts";
import { mayBeReminded } from "./reminder-eligibility.ts";
import { reminderMessage } from "./reminder-message.ts";
import { reminderDestination, reminderLink } from "./reminder-recipient.ts";
import { CLOSING_LEAD_HOURS, inQuietHours } from "./reminder-rules.ts";

export interface ReminderRunResult {
  /** Occurrence reminders this run claimed (an occurrence reminded of both kinds counts twice). */
  claimed: number;
  /** Messages put in the outbox for them (one per respondent and run). */
  messages: number;
  /** The run fell in quiet hours and sent nothing. */
  quiet: boolean;
}

type Kind = "opened" | "closing";

interface Candidate {
  id: number;
  user_id: number;
  has_password: boolean;
  due_date: Date;
  need_opened: boolean;
  need_closing: boolean;
}

/** Open occurrences of remindable respondents that still owe a reminder at `now`, by respondent. */
async function candidates(db: Kysely<Database>, zone: string, now: Date): Promise<Candidate[]> {
  const closingFrom = sql`${dueDayEnd(zone, sql.ref("cm.due_date"))} - make_interval(hours => ${CLOSING_LEAD_HOURS})`;
  const result = await sql<Candidate>`
    select * from (
      select cm.id, cu.user_id, (u.password_hash is not null) as has_password, cm.due_date,
             not exists (select 1 from occurrence_reminder r
                          where r.client_measure_id = cm.id and r.kind = 'opened') as need_opened,
             (${now}::timestamptz >= ${closingFrom}
              and not exists (select 1 from occurrence_reminder r
                               where r.client_measure_id = cm.id and r.kind = 'closing')) as need_closing
        from client_measure cm
        join cca_user cu on cu.id = cm.ccau_id
        join app_user u on u.id = cu.user_id
        join client_clinic_assignment cca on cca.id = cu.cca_id
        join patient p on p.id = cca.patient_id
       where ${isOpen(zone, "cm", now)} and ${mayBeReminded()}
    ) c
    where c.need_opened or c.need_closing
    order by c.user_id, c.id`.execute(db);
  return result.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    user_id: Number(r.user_id),
    due_date: new Date(r.due_date),
  }));
}

/**
 * Claims the reminders still owed, one row per occurrence and kind. ON CONFLICT DO NOTHING is the
 * "once": a second node inserting the same row waits for the first to commit and gets nothing
 * back. Rows are inserted only for occurrences still open at `now` (a submit in between wins).
 */
async function claim(
  trx: Kysely<Database>,
  zone: string,
  now: Date,
  wanted: { id: number; kind: Kind }[],
): Promise<{ client_measure_id: number; kind: Kind }[]> {
  const values = sql.join(wanted.map((w) => sql`(${w.id}::bigint, ${w.kind}::text)`));
  const result = await sql<{ client_measure_id: number; kind: Kind }>`
    insert into occurrence_reminder (client_measure_id, kind, claimed_at)
    select cm.id, k.kind, ${now}::timestamptz
      from (values ${values}) as k(id, kind)
      join client_measure cm on cm.id = k.id
     where ${isOpen(zone, "cm", now)}
    on conflict do nothing
    returning client_measure_id, kind`.execute(trx);
  return result.rows.map((r) => ({ client_measure_id: Number(r.client_measure_id), kind: r.kind }));
}

/** Notes on the claimed rows which message carried them (the record of what was sent). */
export async function recordMessage(
  trx: Kysely<Database>,
  claimed: { client_measure_id: number; kind: Kind }[],
  messageId: number,
): Promise<void> {
  const pairs = sql.join(claimed.map((c) => sql`(${c.client_measure_id}::bigint, ${c.kind}::text)`));
  await sql`update occurrence_reminder r set outbox_message_id = ${messageId}
             from (values ${pairs}) as k(id, kind)
            where r.client_measure_id = k.id and r.kind = k.kind`.execute(trx);
}

/** A due day (stored as its start in UTC) in words: "Monday, March 9". */
export function dueDayInWords(dueDate: Date): string {
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    dueDate,
  );
}

/**
 * The reminder job's work (docs/reminders.md): for every open occurrence of a remindable
 * respondent, one reminder when its window has opened and one CLOSING_LEAD_HOURS before it
 * closes, each claimed once; a respondent owed several gets one message per run. Nothing in
 * quiet hours: the first run from 08:00 clinic time sends what fell due overnight. Claims and
 * the message commit together, so a failure leaves them for the next run. `now` is the job's
 * clock (tests choose it).
 */
export async function sendDueReminders(ctx: AppContext, now: Date = new Date()): Promise<ReminderRunResult> {
  const zone = await clinicTimeZone(ctx.db);
  const result: ReminderRunResult = { claimed: 0, messages: 0, quiet: inQuietHours(zone, now) };
  if (result.quiet) return result;
  const clinic = await clinicName(ctx, ctx.db);
  const byUser = new Map<number, Candidate[]>();
  for (const c of await candidates(ctx.db, zone, now)) byUser.set(c.user_id, [...(byUser.get(c.user_id) ?? []), c]);
  for (const [userId, owed] of byUser) {
    const wanted = owed.flatMap((c) => [
      ...(c.need_opened ? [{ id: c.id, kind: "opened" as const }] : []),
      ...(c.need_closing ? [{ id: c.id, kind: "closing" as const }] : []),
    ]);
    const step = await ctx.db.transaction().execute(async (trx) => {
      const claimed = await claim(trx, zone, now, wanted);
      if (claimed.length === 0) return { claimed: 0, messages: 0 };
      const to = await reminderDestination(ctx, trx, userId);
      // No reachable contact: the reminders are spent all the same (the chart says why).
      if (!to.ok) return { claimed: claimed.length, messages: 0 };
      const closing = claimed.filter((c) => c.kind === "closing").map((c) => c.client_measure_id);
      const earliestClose = owed
        .filter((c) => closing.includes(c.id))
        .map((c) => c.due_date)
        .sort((a, b) => a.getTime() - b.getTime())[0];
      const message = reminderMessage({
        to: to.destination,
        userId,
        clinic,
        kind: closing.length > 0 ? "closing" : "opened",
        count: new Set(claimed.map((c) => c.client_measure_id)).size,
        ...reminderLink(ctx.config.accounts.publicUrl, owed[0]?.has_password ?? false),
        closesOn: earliestClose ? dueDayInWords(earliestClose) : undefined,
      });
      const queued = await ctx.messages.enqueue(trx, message);
      await recordMessage(trx, claimed, queued.id);
      return { claimed: claimed.length, messages: 1 };
    });
    result.claimed += step.claimed;
    result.messages += step.messages;
  }
  return result;
}
