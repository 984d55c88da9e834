import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type PgBoss from "pg-boss";
import type { AppContext } from "../app-context.ts";
import type { Database } from "../db/database-types.ts";
import { kyselyExecutor, type TrackedExecutor } from "./boss-executor.ts";
import { newBoss } from "./boss-instance.ts";
import { WakeableSleep } from "./wakeable-sleep.ts";

/** The server is stopping: the job in hand goes back on the queue, for this node's restart or another. */
export class Interrupted extends Error {}

/** The idle poll: a job asked for on this node wakes its loop at once; others' are seen within this. */
const POLL_MS = 2000;

export interface JobQueueOptions<T> {
  /** The pg-boss queue. */
  queue: string;
  /** For the log: "export", "document". */
  name: string;
  /** A run longer than this is presumed lost (its node died) and handed on once. */
  expireInSeconds: number;
  /** Whether this node works the queue (it may only send to it otherwise). */
  worker: boolean;
  /** Jobs this node works at once. */
  concurrency: number;
  /** The work; throws Interrupted when the signal (server stopping) cut it short. */
  work(data: T, signal: AbortSignal): Promise<void>;
}

/**
 * Heavy one-off work on the pg-boss queue (exports, documents), like message delivery
 * (message-queue.ts): the route writes its row and the job in one transaction, so nothing is asked
 * for without being queued. Each worker node runs `concurrency` jobs at once (more nodes, more at
 * once). pg-boss starts on the first job asked for, or at start with the worker on, so a node that
 * never asks never runs it. On PGlite it shares the app's one connection (boss-instance.ts).
 */
export class JobQueue<T extends object> {
  private boss: PgBoss | null = null;
  private executor: TrackedExecutor | null = null;
  private starting: Promise<PgBoss> | null = null;
  private state: "idle" | "running" | "stopping" | "stopped" = "idle";
  private loops: Promise<void>[] = [];
  private readonly pause = new WakeableSleep();
  /** Aborted when the server stops: the job in hand goes back on the queue rather than hold the stop. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly ctx: Pick<AppContext, "config" | "db" | "dbKind">,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions<T>,
  ) {}

  /** pg-boss, started once (its schema and the queue made on first use). */
  private ready(): Promise<PgBoss> {
    if (!this.starting) {
      this.starting = (async () => {
        const { boss, executor } = newBoss(this.ctx);
        this.boss = boss;
        this.executor = executor;
        boss.on("error", (err) => this.log.error({ err }, `${this.options.name} queue error`));
        await boss.start();
        await boss.createQueue(this.options.queue, {
          name: this.options.queue,
          expireInSeconds: this.options.expireInSeconds,
          retryLimit: 1,
          retryDelay: 5,
        });
        return boss;
      })();
    }
    return this.starting;
  }

  /** Before the transaction that writes the row: pg-boss's first start must not wait on it (PGlite). */
  async prepare(): Promise<void> {
    if (this.state === "stopping" || this.state === "stopped")
      throw new Error(`The ${this.options.name} queue is stopped.`);
    await this.ready();
  }

  /** Queues a job in the caller's transaction (call prepare() first). */
  async enqueue(trx: Kysely<Database>, data: T): Promise<void> {
    const boss = await this.ready();
    await boss.send(this.options.queue, data, { db: kyselyExecutor(trx) });
  }

  /** The row and its job have committed: look now rather than at the next poll. */
  wake(): void {
    setTimeout(() => this.pause.wake(), 20).unref();
  }

  /** Starts working the queue on this node (when it is a worker). */
  async start(): Promise<void> {
    if (this.state !== "idle" || !this.options.worker) return;
    await this.ready();
    this.state = "running";
    this.loops = Array.from({ length: Math.max(1, this.options.concurrency) }, () => this.run());
  }

  /** Finishes (or hands back) the jobs in hand, then releases pg-boss, before the database closes. */
  async stop(): Promise<void> {
    if (this.state === "stopped") return;
    this.state = "stopping";
    this.stopping.abort();
    this.pause.wake();
    await Promise.all(this.loops);
    if (this.starting) {
      const boss = await this.starting.catch(() => null);
      await boss?.stop({ graceful: true, wait: true, close: this.ctx.dbKind === "postgres", timeout: 1000 });
    }
    await this.executor?.close();
    this.state = "stopped";
  }

  private async run(): Promise<void> {
    while (this.state === "running") {
      let worked = false;
      try {
        worked = await this.workOnce();
      } catch (err) {
        this.log.error({ err }, `${this.options.name} round failed`);
      }
      if (!worked && this.state === "running") await this.pause.sleep(POLL_MS);
    }
  }

  /** Fetches and works one job; true when there was one. */
  async workOnce(): Promise<boolean> {
    const boss = this.boss as PgBoss;
    const queue = this.options.queue;
    const [job] = await boss.fetch<T>(queue, { batchSize: 1 });
    if (!job) return false;
    try {
      await this.options.work(job.data, this.stopping.signal);
      await boss.complete(queue, job.id);
    } catch (err) {
      if (err instanceof Interrupted) {
        // Stopping: queued again, for this node after its restart or for another node now.
        await boss.send(queue, job.data);
        await boss.complete(queue, job.id);
        return true;
      }
      await boss.fail(queue, job.id, { message: err instanceof Error ? err.message : String(err) });
      throw err;
    }
    return true;
  }
}
