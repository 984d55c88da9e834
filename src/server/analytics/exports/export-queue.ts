import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type PgBoss from "pg-boss";
import type { Database } from "../../db/database-types.ts";
import { kyselyExecutor, type TrackedExecutor } from "../../messaging/boss-executor.ts";
import { newBoss } from "../../messaging/boss-instance.ts";
import { WakeableSleep } from "../../messaging/wakeable-sleep.ts";
import { type ExportContext, generateExport, Interrupted } from "./generate-export.ts";

export const EXPORT_QUEUE = "generate-export";
/**
 * A run that takes longer than this is presumed lost (its node died) and is handed on once.
 * Generous: a million records take well under a minute on a PostgreSQL server.
 */
const EXPIRE_SECONDS = 60 * 60;
/** The idle poll: a new export on this node wakes the loop at once; others' are seen within this. */
const POLL_MS = 2000;

interface ExportJob {
  exportId: number;
}

/**
 * Exports on the pg-boss queue (issue 13 §5), like message delivery (messaging/message-queue.ts):
 * the route writes the export's row and its job in one transaction, so an export is never asked
 * for without being queued. Each node with EXPORT_WORKER on works one export at a time (an export
 * is heavy; more nodes, more at once). pg-boss starts on the first export asked for or at start
 * with the worker on, so a node that never exports never runs it. On PGlite it shares the app's
 * one connection (boss-instance.ts).
 */
export class ExportQueue {
  private boss: PgBoss | null = null;
  private executor: TrackedExecutor | null = null;
  private starting: Promise<PgBoss> | null = null;
  private state: "idle" | "running" | "stopping" | "stopped" = "idle";
  private loop: Promise<void> | null = null;
  private readonly pause = new WakeableSleep();
  /** Aborted when the server stops: the export in hand goes back on the queue rather than hold the stop. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly ctx: ExportContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** pg-boss, started once (its schema and the queue made on first use). */
  private ready(): Promise<PgBoss> {
    if (!this.starting) {
      this.starting = (async () => {
        const { boss, executor } = newBoss(this.ctx);
        this.boss = boss;
        this.executor = executor;
        boss.on("error", (err) => this.log.error({ err }, "export queue error"));
        await boss.start();
        await boss.createQueue(EXPORT_QUEUE, {
          name: EXPORT_QUEUE,
          expireInSeconds: EXPIRE_SECONDS,
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
    if (this.state === "stopping" || this.state === "stopped") throw new Error("The export queue is stopped.");
    await this.ready();
  }

  /** Queues the export's job in the caller's transaction (call prepare() first). */
  async enqueue(trx: Kysely<Database>, exportId: number): Promise<void> {
    const boss = await this.ready();
    await boss.send(EXPORT_QUEUE, { exportId } satisfies ExportJob, { db: kyselyExecutor(trx) });
  }

  /** The row and its job have committed: look now rather than at the next poll. */
  wake(): void {
    setTimeout(() => this.pause.wake(), 20).unref();
  }

  /** Starts working exports on this node (EXPORT_WORKER on). */
  async start(): Promise<void> {
    if (this.state !== "idle" || !this.ctx.config.exports.worker) return;
    await this.ready();
    this.state = "running";
    this.loop = this.run();
  }

  /** Finishes the export in hand, then releases pg-boss, before the database closes. */
  async stop(): Promise<void> {
    if (this.state === "stopped") return;
    this.state = "stopping";
    this.stopping.abort();
    this.pause.wake();
    await this.loop;
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
        this.log.error({ err }, "export round failed");
      }
      if (!worked && this.state === "running") await this.pause.sleep(POLL_MS);
    }
  }

  /** Fetches and generates one export; true when there was one. */
  async workOnce(): Promise<boolean> {
    const boss = this.boss as PgBoss;
    const [job] = await boss.fetch<ExportJob>(EXPORT_QUEUE, { batchSize: 1 });
    if (!job) return false;
    try {
      const outcome = await generateExport(this.ctx, job.data.exportId, this.log, undefined, this.stopping.signal);
      if (outcome === "completed") this.log.info({ exportId: job.data.exportId }, "export ready");
      await boss.complete(EXPORT_QUEUE, job.id);
    } catch (err) {
      if (err instanceof Interrupted) {
        // Stopping: queued again, for this node after its restart or for another node now.
        await boss.send(EXPORT_QUEUE, job.data);
        await boss.complete(EXPORT_QUEUE, job.id);
        return true;
      }
      await boss.fail(EXPORT_QUEUE, job.id, { message: err instanceof Error ? err.message : String(err) });
      throw err;
    }
    return true;
  }
}
