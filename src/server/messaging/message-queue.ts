import type { FastifyBaseLogger } from "fastify";
import { type Kysely, sql } from "kysely";
import type PgBoss from "pg-boss";
import type { AppConfig } from "../config.ts";
import type { Database } from "../db/database-types.ts";
import { kyselyExecutor, type TrackedExecutor } from "./boss-executor.ts";
import { newBoss } from "./boss-instance.ts";
import { SmtpTransport } from "./email-transport.ts";
import type { MessageChannel, OutgoingMessage, StoredMessage, Transport } from "./message-types.ts";
import { HttpSmsProvider } from "./sms-provider.ts";
import { WakeableSleep } from "./wakeable-sleep.ts";

const QUEUE = "deliver-message";
// Jobs that ran out of retries (or expired on their last try) land here, so their row is closed.
const DEAD_QUEUE = "deliver-message-dead";
// One job per fetch: a stop then waits for at most one delivery in hand.
const BATCH = 1;
// A delivery that runs longer than this is presumed lost (the worker died) and is retried.
const JOB_EXPIRE_SECONDS = 120;
const REMOVED = "[removed after delivery]";

interface DeliveryJob {
  messageId: number;
}

export type EnqueueResult = { id: number; status: "queued" | "kept" };

/** The transports the configuration provides: SMTP for email, the HTTP provider for SMS. */
export function configuredTransports(config: AppConfig): Partial<Record<MessageChannel, Transport>> {
  const a = config.accounts;
  const transports: Partial<Record<MessageChannel, Transport>> = {};
  if (a.smtpUrl) transports.email = new SmtpTransport(a.smtpUrl, a.mailFrom);
  if (a.smsProviderUrl)
    transports.sms = new HttpSmsProvider({
      url: a.smsProviderUrl,
      token: a.smsToken,
      account: a.smsAccount,
      from: a.smsFrom,
      countryPrefix: a.smsCountryPrefix,
    });
  return transports;
}

/**
 * Outgoing email and SMS (issue 3 §4). A request only writes: the message row (outbox_message)
 * and, when its channel has a transport, a pg-boss job in the same transaction, so a message is
 * never half-queued and a slow mail server never holds a request. The worker here delivers the
 * jobs, records every attempt on the row (attempts, last_error, provider_status, status), and
 * lets pg-boss retry failures with backoff. A channel without a transport (no SMTP_URL, no
 * SMS_PROVIDER_URL: the embedded demo) keeps its messages in the table with status 'kept', where
 * the admin outbox page shows them.
 *
 * Delivery is at least once: a worker that dies after the mail server accepted a message but
 * before the row was marked sent delivers it again after the job expires.
 */
export class MessageQueue {
  private readonly transports: Partial<Record<MessageChannel, Transport>>;
  private readonly boss: PgBoss | null;
  private readonly executor: TrackedExecutor | null;
  private state: "idle" | "running" | "stopping" | "stopped" = "idle";
  private loop: Promise<void> | null = null;
  private readonly pause = new WakeableSleep();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly deps: {
      config: AppConfig;
      db: Kysely<Database>;
      dbKind: "pglite" | "postgres";
      log: FastifyBaseLogger;
      transports?: Partial<Record<MessageChannel, Transport>>;
    },
  ) {
    this.transports = deps.transports ?? configuredTransports(deps.config);
    if (Object.keys(this.transports).length === 0) {
      this.boss = null;
      this.executor = null;
      return;
    }
    // One connection on PGlite: pg-boss shares the app's (boss-instance.ts).
    const { boss, executor } = newBoss(deps);
    this.boss = boss;
    this.executor = executor;
    boss.on("error", (err) => deps.log.error({ err }, "message queue error"));
  }

  /** Whether messages of this channel leave the system (else they are kept in the outbox). */
  delivers(channel: MessageChannel): boolean {
    return Boolean(this.transports[channel]);
  }

  /**
   * Stores a message and, when its channel is delivered, queues its delivery, both through `db`:
   * pass the transaction that made the change the message is about, and it commits with it.
   */
  async enqueue(db: Kysely<Database>, message: OutgoingMessage): Promise<EnqueueResult> {
    const status = this.delivers(message.channel) && this.boss ? "queued" : "kept";
    const row = await db
      .insertInto("outbox_message")
      .values({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? null,
        body: message.body,
        link: message.link ?? null,
        secret: message.secret ?? null,
        user_id: message.userId ?? null,
        purpose: message.purpose ?? null,
        status,
        last_error: null,
        sent_at: null,
        provider_status: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (status === "queued" && this.boss) {
      const a = this.deps.config.accounts;
      await this.boss.send(QUEUE, { messageId: row.id } satisfies DeliveryJob, {
        db: kyselyExecutor(db),
        retryLimit: a.queueRetryLimit,
        retryDelay: a.queueRetryDelaySeconds,
        retryBackoff: a.queueRetryDelaySeconds > 0,
        expireInSeconds: JOB_EXPIRE_SECONDS,
        deadLetter: DEAD_QUEUE,
      });
      // The job becomes visible when the caller's transaction commits; look shortly after.
      this.wakeSoon();
    }
    return { id: row.id, status };
  }

  /** Creates the queue tables (pg-boss migrations) and starts delivering. Nothing to do without transports. */
  async start(): Promise<void> {
    if (this.state !== "idle") return;
    const channels = (["email", "sms"] as const).map(
      (c) => `${c}: ${this.delivers(c) ? "delivered" : "kept in the outbox"}`,
    );
    this.deps.log.info(`Outgoing messages (${channels.join(", ")})`);
    if (!this.boss) return;
    await this.boss.start();
    await this.boss.createQueue(DEAD_QUEUE);
    await this.boss.createQueue(QUEUE, { name: QUEUE, deadLetter: DEAD_QUEUE });
    this.state = "running";
    this.loop = this.run();
  }

  /** Finishes the delivery in hand, stops polling, and releases pg-boss and the transports. */
  async stop(): Promise<void> {
    if (this.state === "stopping" || this.state === "stopped") return;
    const wasRunning = this.state === "running";
    this.state = "stopping";
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pause.wake();
    await this.loop;
    if (wasRunning && this.boss) {
      await this.boss.stop({ graceful: true, wait: true, close: this.deps.dbKind === "postgres", timeout: 1000 });
    }
    await this.executor?.close();
    for (const transport of Object.values(this.transports)) await transport?.close?.();
    this.state = "stopped";
  }

  private wakeSoon(): void {
    if (this.state !== "running") return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pause.wake();
    }, 20);
    this.timers.add(timer);
  }

  private async run(): Promise<void> {
    while (this.state === "running") {
      let worked = false;
      try {
        worked = await this.drainOnce();
      } catch (err) {
        this.deps.log.error({ err }, "message delivery round failed");
      }
      if (!worked && this.state === "running") await this.pause.sleep(this.deps.config.accounts.queuePollIntervalMs);
    }
  }

  /** One round: deliver what is due, close what has given up. True when there was anything. */
  private async drainOnce(): Promise<boolean> {
    const boss = this.boss as PgBoss;
    const jobs = await boss.fetch<DeliveryJob>(QUEUE, { batchSize: BATCH, includeMetadata: true });
    for (const job of jobs) await this.deliver(job);
    const dead = await boss.fetch<DeliveryJob>(DEAD_QUEUE, { batchSize: BATCH });
    for (const job of dead) await this.closeGivenUp(job.id, job.data.messageId);
    return jobs.length + dead.length > 0;
  }

  private async deliver(job: PgBoss.JobWithMetadata<DeliveryJob>): Promise<void> {
    const { db } = this.deps;
    const boss = this.boss as PgBoss;
    const row = await db
      .selectFrom("outbox_message")
      .select(["id", "channel", "recipient", "subject", "body", "status"])
      .where("id", "=", job.data.messageId)
      .executeTakeFirst();
    if (row?.status !== "queued") {
      await boss.complete(QUEUE, job.id);
      return;
    }
    const transport = this.transports[row.channel];
    try {
      if (!transport) throw new Error(`No transport is configured for ${row.channel}.`);
      const receipt = await transport.deliver(row as StoredMessage);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("outbox_message")
          .set({
            status: "sent",
            sent_at: sql<Date>`now()`,
            attempts: sql<number>`attempts + 1`,
            // last_error stays: "sent on the 3rd attempt, after: ..." is worth keeping.
            provider_status: receipt.providerStatus,
            // The recipient has the link or code now; the stored copy need not keep it.
            body: sql<string>`case when secret is null then body else replace(body, secret, ${REMOVED}) end`,
            link: null,
            secret: null,
            updated_at: sql<Date>`now()`,
          })
          .where("id", "=", row.id)
          .execute();
        await boss.complete(QUEUE, job.id, {}, { db: kyselyExecutor(trx) });
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.retryCount >= job.retryLimit;
      this.deps.log.warn({ messageId: row.id, attempt: job.retryCount + 1, final, err: message }, "delivery failed");
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("outbox_message")
          .set({
            status: final ? "failed" : "queued",
            attempts: sql<number>`attempts + 1`,
            last_error: message.slice(0, 1000),
            updated_at: sql<Date>`now()`,
          })
          .where("id", "=", row.id)
          .execute();
        await boss.fail(QUEUE, job.id, { message }, { db: kyselyExecutor(trx) });
      });
    }
  }

  /** A job pg-boss gave up on (retries spent, or expired on its last try): its row says failed. */
  private async closeGivenUp(jobId: string, messageId: number): Promise<void> {
    await this.deps.db
      .updateTable("outbox_message")
      .set({
        status: "failed",
        last_error: sql<string>`coalesce(last_error, 'Delivery gave up.')`,
        updated_at: sql<Date>`now()`,
      })
      .where("id", "=", messageId)
      .where("status", "=", "queued")
      .execute();
    await (this.boss as PgBoss).complete(DEAD_QUEUE, jobId);
  }
}
