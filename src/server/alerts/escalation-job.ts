import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../app-context.ts";
import { PeriodicJob } from "../messaging/periodic-job.ts";
import { escalateOverdueAlerts } from "./escalation.ts";

/**
 * The alert escalation check (docs/alerts.md, Escalation) every ALERT_ESCALATION_CHECK_SECONDS:
 * a repeated run changes nothing, since every alert is claimed once in the database.
 */
export function alertEscalationJob(ctx: AppContext, log: FastifyBaseLogger): PeriodicJob {
  return new PeriodicJob(ctx, log, {
    queue: "escalate-alerts",
    everySeconds: ctx.config.alertEscalationCheckSeconds,
    name: "alert escalation",
    async run() {
      const result = await escalateOverdueAlerts(ctx);
      return result.escalated > 0 ? { message: "overdue alerts escalated", details: result } : null;
    },
  });
}
