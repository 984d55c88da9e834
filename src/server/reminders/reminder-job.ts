import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../app-context.ts";
import { PeriodicJob } from "../messaging/periodic-job.ts";
import { sendDueReminders } from "./send-due-reminders.ts";

/**
 * The reminder check (docs/reminders.md) every REMINDER_CHECK_SECONDS: a repeated run changes
 * nothing, since every reminder is claimed once in the database.
 */
export function reminderJob(ctx: AppContext, log: FastifyBaseLogger): PeriodicJob {
  return new PeriodicJob(ctx, log, {
    queue: "send-reminders",
    everySeconds: ctx.config.reminderCheckSeconds,
    name: "reminder",
    async run() {
      const result = await sendDueReminders(ctx);
      return result.messages > 0 ? { message: "reminders sent", details: result } : null;
    },
  });
}
