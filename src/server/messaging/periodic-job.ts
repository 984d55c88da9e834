import type { FastifyBaseLogger } from "fastify";
import type PgBoss from "pg-boss";
import type { AppContext } from "../app-context.ts";
import type { TrackedExecutor } from "./boss-executor.ts";
import { newBoss } from "./boss-instance.ts";
import { WakeableSleep } from "./wakeable-sleep.ts";

// A run that takes longer than this is presumed lost (its node died) and is tried again.
const JOB_EXPIRE_SECONDS = 300;

/** One kind of periodic work: the alert escalation check, the reminder check. */
export interface PeriodicWork {
  /** The pg-boss queue, also the singleton key that keeps a cluster to one run per interval. */
  queue: string;
  /** Seconds between checks; 0 (or less) turns the job off. */
  everySeconds: number;
  /** Words for the log: "alert escalation", "reminder". */
  name: string;
  /** Does one round; returns what to log when it did something, or null when there was nothing to do. */
  run(): Promise<{ message: string; details: object } | null>;
}

/**
 * Runs a piece of work as a pg-boss job every `everySeconds`. Each node offers one job per
 * interval with a singleton key, so a cluster runs about one check per interval, whichever node
 * fetches it; a run repeated anyway (a node died mid-run, two slots) must change nothing, so the
 * work itself claims each thing it does once in the database. The first check is at start, which
 * catches up on whatever fell due while no node ran. Works on PGlite as on PostgreSQL
 * (boss-instance.ts). The app starts it when ready and stops it before the database closes.
 */
export class PeriodicJob {
  private readonly boss: PgBoss | null = null;
  private readonly executor: TrackedExecutor | null = null;
  private state: "idle" | "running" | "stopping" | "stopped" = "idle";
  private loop: Promise<void> | null = null;
  private readonly pause = new WakeableSleep();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly work: PeriodicWork,
  ) {
    if (work.everySeconds <= 0) return;
    ({ boss: this.boss, executor: this.executor } = newBoss(ctx));
    this.boss.on("error", (err) => log.error({ err }, `${work.name} queue error`));
  }

  async start(): Promise<void> {
    if (this.state !== "idle" || !this.boss) return;
    await this.boss.start();
    await this.boss.createQueue(this.work.queue);
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
    while (this.state === "running") {
      try {
        await this.checkOnce();
      } catch (err) {
        this.log.error({ err }, `${this.work.name} round failed`);
      }
      if (this.state === "running") await this.pause.sleep(this.work.everySeconds * 1000);
    }
  }

  private async checkOnce(): Promise<void> {
    const { queue, everySeconds } = this.work;
    const boss = this.boss as PgBoss;
    await boss.send(
      queue,
      {},
      { singletonKey: queue, singletonSeconds: everySeconds, expireInSeconds: JOB_EXPIRE_SECONDS, retryLimit: 0 },
    );
    for (const job of await boss.fetch(queue, { batchSize: 1 })) {
      try {
        const outcome = await this.work.run();
        if (outcome) this.log.info(outcome.details, outcome.message);
        await boss.complete(queue, job.id);
      } catch (err) {
        await boss.fail(queue, job.id, { message: err instanceof Error ? err.message : String(err) });
        throw err;
      }
    }
  }
}
