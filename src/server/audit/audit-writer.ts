import { CompiledQuery, type Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";
import { outsideRequest } from "../db/request-connections.ts";
import type { AuditEvent } from "./audit-event.ts";

export interface AuditWriterOptions {
  /** An event whose batch failed (record) is tried again after this many ms. */
  retryIntervalMs?: number;
  /** At most this many events in one INSERT. */
  maxBatch?: number;
  log?: { error(obj: unknown, msg?: string): void };
}

interface Pending {
  event: AuditEvent;
  written(): void;
  failed(err: unknown): void;
}

/**
 * Appends audit events. Two ways in:
 * - `append(trx, event)`: inside the caller's transaction, so a write and its event commit or
 *   roll back together.
 * - `write(event)`: group commit. Requests queue their events; one writer takes everything
 *   queued at the next turn of the event loop (and whatever arrives while an INSERT runs, for the
 *   one after it) and writes it in one multi-row INSERT, in the order the events were queued. The
 *   promise settles when that INSERT has committed, or failed: one statement, so a failed batch
 *   writes none of its events. The audit hook holds a request's answer until then, so no read is
 *   answered without its event stored, and a crash loses none; under load many requests share
 *   one INSERT (and one turn of the chain lock) instead of one each.
 * - `record(event)`: the same, without waiting, and an event whose batch failed is kept and
 *   tried again (a change that already committed is recorded late rather than not at all).
 */
export class AuditWriter {
  private queue: Pending[] = [];
  private draining: Promise<void> | null = null;
  private retrying: AuditEvent[] = [];
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly retryIntervalMs: number;
  private readonly maxBatch: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: AuditWriterOptions = {},
  ) {
    this.retryIntervalMs = opts.retryIntervalMs ?? 1000;
    // One statement's work stays bounded however far the writer fell behind.
    this.maxBatch = opts.maxBatch ?? 500;
  }

  /** Writes the event in `trx` (the caller's transaction). */
  async append(trx: Kysely<Database>, event: AuditEvent): Promise<void> {
    await insertEvents(trx, [event]);
  }

  /**
   * Queues the event for the next batch; resolves once it is stored, rejects when its batch failed.
   * The writer is nobody's request (outsideRequest): a client that disconnects must not cancel the
   * INSERT that carries other requests' events (cancel-on-disconnect.ts).
   */
  write(event: AuditEvent): Promise<void> {
    return new Promise((written, failed) => {
      this.queue.push({ event, written, failed });
      this.draining ??= outsideRequest(() => this.drain());
    });
  }

  /** Queues the event without waiting; if its batch fails it is kept and tried again. */
  record(event: AuditEvent): void {
    this.write(event).catch((err) => this.retryLater(event, err));
  }

  /** Resolves when every event queued so far has been written or has failed (tests, shutdown). */
  async flush(): Promise<void> {
    if (this.retryTimer) this.retryNow();
    while (this.draining) await this.draining;
  }

  async close(): Promise<void> {
    await this.flush();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** The one writer: a batch at a time, in queue order, until the queue is empty. */
  private async drain(): Promise<void> {
    // One turn of the event loop: the requests answered in it share the first INSERT.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) await this.writeBatch(this.queue.splice(0, this.maxBatch));
    this.draining = null;
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    try {
      await insertEvents(
        this.db,
        batch.map((p) => p.event),
      );
      for (const p of batch) p.written();
      return;
    } catch (err) {
      if (!isDataError(err)) {
        this.opts.log?.error({ err, events: batch.length }, "audit trail: writing a batch of events failed");
        for (const p of batch) p.failed(err);
        return;
      }
    }
    // One event the database cannot store (malformed input that slipped past redaction) must not
    // fail the others: write them one by one, that one without its detail.
    for (const p of batch) {
      try {
        await insertEvents(this.db, [p.event]).catch((err) => {
          if (!isDataError(err)) throw err;
          return insertEvents(this.db, [{ ...p.event, detail: { unstorable: true }, signInUsername: undefined }]);
        });
        p.written();
      } catch (err) {
        this.opts.log?.error({ err }, "audit trail: writing an event failed");
        p.failed(err);
      }
    }
  }

  private retryLater(event: AuditEvent, err: unknown): void {
    this.retrying.push(event);
    this.opts.log?.error({ err, events: this.retrying.length }, "audit trail: events kept to write again");
    this.retryTimer ??= setTimeout(() => this.retryNow(), this.retryIntervalMs);
  }

  private retryNow(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const events = this.retrying;
    this.retrying = [];
    for (const event of events) this.record(event);
  }
}

/** SQLSTATE class 22 (data exception: bad text, number out of range), as opposed to a database that is away. */
function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("22");
}

/**
 * The batch as the INSERT takes it: one array a column, in the order of EVENT_COLUMNS, each with
 * one entry an event. Arrays rather than a row of parameters an event, so that every batch size
 * runs the same statement: one text, prepared once a connection and planned once (a text of its
 * own for each size was parsed and planned again for almost every batch: 1.5 to 3 ms of the
 * 3 to 10 ms a batch cost PostgreSQL under the patient read's load, statement log, 2026-11-28).
 */
function columnArrays(events: AuditEvent[]): unknown[][] {
  const columns: unknown[][] = EVENT_COLUMNS.map(() => new Array(events.length));
  events.forEach((e, r) => {
    const values = [
      e.at.toISOString(),
      e.userId ?? null,
      e.signInUsername ?? null,
      e.roles.join(","),
      e.actingAsUserId ?? null,
      e.action,
      e.route,
      e.patientId ?? null,
      e.recordType,
      e.recordId ?? null,
      e.detail ? JSON.stringify(e.detail) : null,
      e.status ?? null,
      e.outcome,
      e.sourceIp,
      e.requestId,
    ];
    values.forEach((value, c) => {
      columns[c][r] = value;
    });
  });
  return columns;
}

/** Each column's element type; the arrays are cast to these. */
const EVENT_COLUMNS = [
  "timestamptz",
  "bigint",
  "text",
  "text",
  "bigint",
  "text",
  "text",
  "bigint",
  "text",
  "bigint",
  "jsonb",
  "smallint",
  "text",
  "text",
  "text",
] as const;

/**
 * The patient is resolved from the record when the route named another record, and a sign-in's
 * username becomes the account's id; each only when there is something to resolve
 * (audit_patient_of costs about as much as the rest of the row, even when it returns nothing).
 * `with ordinality` keeps the batch's order, which the chain trigger numbers the rows in.
 */
const INSERT_EVENTS = `insert into audit_event (at, user_id, roles, acting_as_user_id, action, route, patient_id,
    record_type, record_id, detail, status, outcome, source_ip, request_id)
  select v.at,
    coalesce(v.user_id, case when v.username is not null then
      (select u.id from app_user u where lower(u.username) = lower(v.username) limit 1) end),
    v.roles, v.acting_as, v.action, v.route,
    coalesce(v.patient_id, case when v.record_id is not null then audit_patient_of(v.record_type, v.record_id) end),
    v.record_type, v.record_id, v.detail, v.status, v.outcome, v.source_ip, v.request_id
  from unnest(${EVENT_COLUMNS.map((type, c) => `$${c + 1}::${type}[]`).join(", ")}) with ordinality
    as v(at, user_id, username, roles, acting_as, action, route, patient_id, record_type, record_id, detail,
      status, outcome, source_ip, request_id, n)
  order by v.n`;

/**
 * One INSERT for the whole batch; the chain trigger numbers and hashes the rows in order under the
 * chain head's lock. Written as text with parameters rather than with Kysely's builder: it runs
 * for every request, and building sixteen fragments a row cost more than the rest of the hook.
 */
async function insertEvents(db: Kysely<Database>, events: AuditEvent[]): Promise<void> {
  await db.executeQuery(CompiledQuery.raw(INSERT_EVENTS, columnArrays(events)));
}
