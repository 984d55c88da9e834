import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type PgBoss from "pg-boss";
import type { AppConfig } from "../config.ts";
import type { Database } from "../db/database-types.ts";
import type { TrackedExecutor } from "../messaging/boss-executor.ts";
import { newBoss } from "../messaging/boss-instance.ts";
import { generateOccurrences } from "./generate-occurrences.ts";

export const GENERATE_QUEUE = "generate-occurrences";
/** Every 15 minutes: far inside the 14-day look-ahead, so a missed run or two changes nothing. */
export const GENERATE_CRON = "*/15 * * * *";
// The worker only needs to notice the cron's job; a slow poll keeps the embedded database quiet.
const POLL_SECONDS = 30;
// A run that takes longer than this is presumed lost (its node died); pg-boss hands it on.
const EXPIRE_SECONDS = 15 * 60;

/**
 * The recurring-schedule generator on the pg-boss queue (issue 10 §1), in the same pg-boss schema
 * as message delivery. pg-boss's cron sends one job per period however many nodes run (its
 * schedule is kept in the database), the 'stately' queue holds at most one waiting job, and a run
 * on start catches up after downtime. Any duplicate run is harmless: generateOccurrences is
 * idempotent. On PGlite pg-boss shares the app's one connection (boss-executor.ts).
 */
export class OccurrenceJob {
  private readonly boss: PgBoss;
  private readonly executor: TrackedExecutor | null;
  private started = false;

  constructor(
    private readonly deps: {
      config: AppConfig;
      db: Kysely<Database>;
      dbKind: "pglite" | "postgres";
      log: FastifyBaseLogger;
    },
  ) {
    // pg-boss's cron keeps the schedule in the database, so one job per period however many nodes.
    ({ boss: this.boss, executor: this.executor } = newBoss(deps, { cron: true }));
    this.boss.on("error", (err) => deps.log.error({ err }, "occurrence generator queue error"));
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    await this.boss.createQueue(GENERATE_QUEUE, {
      name: GENERATE_QUEUE,
      policy: "stately",
      expireInSeconds: EXPIRE_SECONDS,
      retryLimit: 3,
    });
    await this.boss.schedule(GENERATE_QUEUE, GENERATE_CRON, {}, { tz: "UTC" });
    // Catch up now rather than at the next quarter hour (occurrences missed while the server was
    // down); sent before the worker starts, so its first fetch takes it.
    await this.boss.send(GENERATE_QUEUE, {});
    await this.boss.work(GENERATE_QUEUE, { pollingIntervalSeconds: POLL_SECONDS }, async () => this.runOnce());
    this.started = true;
  }

  /** One generation run (the job's handler; also what a test or an operator calls directly). */
  async runOnce(now: Date = new Date()): Promise<void> {
    const result = await generateOccurrences(this.deps.db, now);
    if (result.created > 0) {
      this.deps.log.info(
        `Recurring schedules: ${result.created} occurrences generated over ${result.schedules} schedules`,
      );
    }
  }

  async stop(): Promise<void> {
    if (!this.started) {
      await this.executor?.close();
      return;
    }
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: this.deps.dbKind === "postgres", timeout: 5000 });
    await this.executor?.close();
  }
}
