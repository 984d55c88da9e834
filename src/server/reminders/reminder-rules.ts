/**
 * When the reminder job may speak (docs/reminders.md). Pure functions of the clock and the
 * clinic's time zone, so the job, the route and the tests read the same rule.
 */

/** Quiet hours in the clinic's time zone: no automatic reminder from 21:00 until 08:00. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

/** The second reminder goes this long before an occurrence's window closes (the end of its due day). */
export const CLOSING_LEAD_HOURS = 24;

/** The hour (0–23) on the clinic's clock at `now`. */
export function clinicHour(zone: string, now: Date): number {
  const hour = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" })
    .formatToParts(now)
    .find((p) => p.type === "hour")?.value;
  return Number(hour) % 24;
}

/**
 * Whether `now` falls in quiet hours at the clinic. The job sends nothing then; what became due
 * overnight goes on its first run from 08:00, so a reminder that falls in quiet hours is sent at 08:00.
 */
export function inQuietHours(zone: string, now: Date): boolean {
  const hour = clinicHour(zone, now);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}
