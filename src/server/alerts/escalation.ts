import { type Kysely, sql } from "kysely";
import type { AppContext } from "../app-context.ts";
import type { Database } from "../db/database-types.ts";
import { chooseDestination } from "../messaging/recipients.ts";
import { responsibleForChart } from "../patients/patient-access.ts";
import { generalSettingOrDefault } from "../settings/general-setting-value.ts";
import { readGeneralSettings } from "../settings/general-settings.ts";
import { escalationMessage } from "./escalation-message.ts";

/** The general setting's default when none is stored (schemas/api/general-settings.json). */
export const DEFAULT_ESCALATION_HOURS = 24;
// Alerts claimed per transaction: a long backlog (after downtime) is worked off in short steps.
const BATCH = 50;
// Account states whose owner can sign in and act on the reminder (Active, Password Reset).
const REACHABLE_STATUSES = [2, 5];

export interface EscalationResult {
  /** Alerts this run claimed and reminded about. */
  escalated: number;
  /** Messages put in the outbox for them. */
  messages: number;
}

/**
 * The general setting alert_escalation_hours, else its schema default. Every alert list asks
 * (Overdue is worked out from it), so it is the one setting, read with the other requests of the
 * turn (general-setting-value.ts), not the whole settings document and its version: two round
 * trips of the chart's alert list's four before (docs/benchmarks.md).
 */
export async function escalationHours(ctx: Pick<AppContext, "bundle">, db: Kysely<Database>): Promise<number> {
  const hours = await generalSettingOrDefault(db, ctx.bundle, "alert_escalation_hours");
  return typeof hours === "number" ? hours : DEFAULT_ESCALATION_HOURS;
}

interface ClaimedAlert {
  id: number;
  cca_id: number;
  ccau_id: number;
  client_measure_id: number;
  raised_at: Date;
}

/**
 * Claims up to BATCH alerts that are still active, never escalated and raised at or before the
 * cutoff, by setting escalated_at. The conditional UPDATE is the "once": a node that reaches a
 * row another node claimed (committed or not) skips it (SKIP LOCKED, then escalated_at is set),
 * so no alert is claimed twice; an acknowledged alert is never claimed.
 */
async function claimOverdue(trx: Kysely<Database>, cutoff: Date, now: Date): Promise<ClaimedAlert[]> {
  const result = await sql<ClaimedAlert>`
    update alert a set escalated_at = ${now}
      from client_measure cm
     where cm.id = a.client_measure_id
       and a.acknowledged_at is null
       and a.escalated_at is null
       and a.id in (select d.id from alert d
                     where d.acknowledged_at is null and d.escalated_at is null and d.raised_at <= ${cutoff}
                     order by d.raised_at, d.id
                     limit ${BATCH}
                     for update of d skip locked)
    returning a.id, a.cca_id, cm.ccau_id, a.client_measure_id, a.raised_at`.execute(trx);
  return result.rows.map((r) => ({ ...r, raised_at: new Date(r.raised_at) }));
}

/** The chart's assigned clinicians (directly or by team) and their supervisors who can sign in. */
async function responsibleUsers(db: Kysely<Database>, ccaId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("app_user as u")
    .select("u.id")
    .where("u.user_type", "=", "clinical")
    .where("u.status", "in", REACHABLE_STATUSES)
    .where(responsibleForChart(sql.ref("u.id"), sql.val(ccaId)))
    .orderBy("u.id")
    .execute();
  return rows.map((r) => r.id);
}

function formatRaisedAt(date: Date, timeZone: string | undefined): string {
  const options: Intl.DateTimeFormatOptions = {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  };
  try {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(date);
  }
}

/**
 * The escalation job's work (docs/alerts.md, Escalation): every item alert still active
 * alert_escalation_hours after it was raised is marked escalated and its reminder is queued,
 * once, to each responsible clinician and supervisor, through the outbox. Claim and messages
 * commit together, so a failure leaves the alert for the next run. Everything overdue is
 * caught up, however long the job was not running. `now` is the job's clock (tests choose it).
 */
export async function escalateOverdueAlerts(ctx: AppContext, now: Date = new Date()): Promise<EscalationResult> {
  const settings = await readGeneralSettings(ctx.db, ctx.bundle, ctx.dbKind);
  const hours = settings.alert_escalation_hours ?? DEFAULT_ESCALATION_HOURS;
  const cutoff = new Date(now.getTime() - hours * 3600_000);
  const clinic = settings.customer_name ?? "Your clinic";
  const total: EscalationResult = { escalated: 0, messages: 0 };
  for (;;) {
    const step = await ctx.db.transaction().execute(async (trx) => {
      const claimed = await claimOverdue(trx, cutoff, now);
      let messages = 0;
      for (const alert of claimed) {
        const link = `${ctx.config.accounts.publicUrl}/assignment/${alert.cca_id}/${alert.ccau_id}/measures/${alert.client_measure_id}`;
        const raisedAt = formatRaisedAt(alert.raised_at, settings.client_time_zone);
        for (const userId of await responsibleUsers(trx, alert.cca_id)) {
          const choice = await chooseDestination(ctx, trx, userId);
          // No reachable contact: nothing to send; the list still shows the alert as Overdue.
          if (!choice.ok) continue;
          await ctx.messages.enqueue(
            trx,
            escalationMessage({ to: choice.destination, userId, clinic, hours, raisedAt, link }),
          );
          messages += 1;
        }
      }
      return { escalated: claimed.length, messages };
    });
    total.escalated += step.escalated;
    total.messages += step.messages;
    if (step.escalated < BATCH) return total;
  }
}
