import type { FastifyBaseLogger } from "fastify";
import type PgBoss from "pg-boss";
import type { AppContext } from "../app-context.ts";
import type { TrackedExecutor } from "../messaging/boss-executor.ts";
import { newBoss } from "../messaging/boss-instance.ts";
import { WakeableSleep } from "../messaging/wakeable-sleep.ts";
import { sendDueReminders } from "./send-due-reminders.ts";

const QUEUE = "send-reminders";
// A run that takes longer than this is presumed lost (its node died) and is tried again.
const JOB_EXPIRE_SECONDS = 300;

/**
 * Runs sendDueReminders as a pg-boss job every REMINDER_CHECK_SECONDS (docs/reminders.md), the
 * way the alert escalation job runs (alerts/escalation-job.ts): each node offers one job per
 * interval with a singleton key, so a cluster runs about one check per interval; a repeated run
 * changes nothing, since every reminder is claimed once in the database. The first check is at
 * start. Works on PGlite as on PostgreSQL (messaging/boss-instance.ts); 0 seconds turns it off.
 */
export class ReminderJob {
  private readonly boss: PgBoss | null = null;
  private readonly executor: TrackedExecutor | null = null;
  private state: "idle" | "running" | "stopping" | "stopped" = "idle";
  private loop: Promise<void> | null = null;
  private readonly pause = new WakeableSleep();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    if (ctx.config.reminderCheckSeconds <= 0) return;
    ({ boss: this.boss, executor: this.executor } = newBoss(ctx));
    this.boss.on("error", (err) => log.error({ err }, "reminder queue error"));
  }

  async start(): Promise<void> {
    if (this.state !== "idle" || !this.boss) return;
    await this.boss.start();
    await this.boss.createQueue(QUEUE);
    this.state = "running";
    this.loop = this.run();
  }

  /** Finishes the run in hand and releases pg-boss, before the database closes. */
  async stop(): Promise<void> {
    if (this.state !== "running") {
      this.state = "stopped";
      return;
    }
    this.state = "stopping";
    this.pause.wake();
    await this.loop;
    await this.boss?.stop({ graceful: true, wait: true, close: this.ctx.dbKind === "postgres", timeout: 1000 });
    await this.executor?.close();
    this.state = "stopped";
  }

  private async run(): Promise<void> {
    const seconds = this.ctx.config.reminderCheckSeconds;
    while (this.state === "running") {
      try {
        await this.checkOnce(seconds);
      } catch (err) {
        this.log.error({ err }, "reminder round failed");
      }
      if (this.state === "running") await this.pause.sleep(seconds * 1000);
    }
  }

  private async checkOnce(seconds: number): Promise<void> {
    const boss = this.boss as PgBoss;
    await boss.send(
      QUEUE,
      {},
      { singletonKey: QUEUE, singletonSeconds: seconds, expireInSeconds: JOB_EXPIRE_SECONDS, retryLimit: 0 },
    );
    for (const job of await boss.fetch(QUEUE, { batchSize: 1 })) {
      try {
        const result = await sendDueReminders(this.ctx);
        if (result.messages > 0) this.log.info(result, "reminders sent");
        await boss.complete(QUEUE, job.id);
      } catch (err) {
        await boss.fail(QUEUE, job.id, { message: err instanceof Error ? err.message : String(err) });
        throw err;
      }
    }
  }
}
