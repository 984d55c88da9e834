import type { FastifyBaseLogger } from "fastify";
import type PgBoss from "pg-boss";
import type { AppContext } from "../app-context.ts";
import type { TrackedExecutor } from "../messaging/boss-executor.ts";
import { newBoss } from "../messaging/boss-instance.ts";
import { WakeableSleep } from "../messaging/wakeable-sleep.ts";
import { escalateOverdueAlerts } from "./escalation.ts";

const QUEUE = "escalate-alerts";
// A run that takes longer than this is presumed lost (its node died) and is tried again.
const JOB_EXPIRE_SECONDS = 300;

/**
 * Runs escalateOverdueAlerts as a pg-boss job every ALERT_ESCALATION_CHECK_SECONDS (docs/alerts.md,
 * Escalation). Each node offers one job per interval with a singleton key, so a cluster runs
 * about one check per interval, whichever node fetches it; a run repeated anyway (a node died
 * mid-run, two slots) changes nothing, since every alert is claimed once in the database.
 * The first check is at start, which catches up on whatever became overdue while no node ran.
 * Works on PGlite as on PostgreSQL (messaging/boss-instance.ts); 0 seconds turns it off.
 */
export class AlertEscalationJob {
  private readonly boss: PgBoss | null;
  private readonly executor: TrackedExecutor | null;
  private state: "idle" | "running" | "stopping" | "stopped" = "idle";
  private loop: Promise<void> | null = null;
  private readonly pause = new WakeableSleep();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    if (ctx.config.alertEscalationCheckSeconds <= 0) {
      this.boss = null;
      this.executor = null;
      return;
    }
    const { boss, executor } = newBoss(ctx);
    this.boss = boss;
    this.executor = executor;
    boss.on("error", (err) => log.error({ err }, "alert escalation queue error"));
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
    const seconds = this.ctx.config.alertEscalationCheckSeconds;
    while (this.state === "running") {
      try {
        await this.checkOnce(seconds);
      } catch (err) {
        this.log.error({ err }, "alert escalation round failed");
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
    const jobs = await boss.fetch(QUEUE, { batchSize: 1 });
    for (const job of jobs) {
      try {
        const result = await escalateOverdueAlerts(this.ctx);
        if (result.escalated > 0) this.log.info(result, "overdue alerts escalated");
        await boss.complete(QUEUE, job.id);
      } catch (err) {
        await boss.fail(QUEUE, job.id, { message: err instanceof Error ? err.message : String(err) });
        throw err;
      }
    }
  }
}
