import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import { outsideRequest } from "../db/request-connections.ts";
import type { AuditEvent } from "./audit-event.ts";

export interface AuditWriterOptions {
  /** Buffered read events are written at least this often (ms). */
  flushIntervalMs?: number;
  /** ...and as soon as this many wait. */
  maxBuffered?: number;
  log?: { error(obj: unknown, msg?: string): void };
}

/**
 * Appends audit events. Two ways in:
 * - `append(trx, event)`: inside the caller's transaction, so a write and its event commit or
 *   roll back together.
 * - `record(event)`: buffered, then written in one multi-row insert every flushIntervalMs (or at
 *   maxBuffered), and on close. Reads and refusals go this way so the read path does not wait for
 *   the chain lock. A crash (not a clean stop) loses at most the events of the last interval.
 */
export class AuditWriter {
  private buffer: AuditEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly intervalMs: number;
  private readonly maxBuffered: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: AuditWriterOptions = {},
  ) {
    this.intervalMs = opts.flushIntervalMs ?? 1000;
    this.maxBuffered = opts.maxBuffered ?? 200;
  }

  /** Writes the event in `trx` (the caller's transaction). */
  async append(trx: Kysely<Database>, event: AuditEvent): Promise<void> {
    await insertEvents(trx, [event]);
  }

  /**
   * Queues the event for the next batch. The batch is nobody's request (outsideRequest): a client
   * that disconnects must not cancel the write of other requests' events (cancel-on-disconnect.ts).
   */
  record(event: AuditEvent): void {
    this.buffer.push(event);
    outsideRequest(() => {
      if (this.buffer.length >= this.maxBuffered) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
    });
  }

  /** Writes every queued event now (tests, shutdown). Batches are written one after another. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      let written = 0;
      try {
        try {
          await insertEvents(this.db, batch);
          written = batch.length;
        } catch (err) {
          if (!isDataError(err)) throw err;
          // One event the database cannot store (malformed input that slipped past redaction) must
          // not block the others: write them one by one, that one without its detail.
          for (const event of batch) {
            await insertEvents(this.db, [event]).catch((e) => {
              if (!isDataError(e)) throw e;
              return insertEvents(this.db, [{ ...event, detail: { unstorable: true }, signInUsername: undefined }]);
            });
            written += 1;
          }
        }
      } catch (err) {
        // Keep them for the next try rather than drop a record of PHI access.
        this.buffer.unshift(...batch.slice(written));
        this.opts.log?.error({ err, events: batch.length - written }, "audit trail: writing events failed; will retry");
        this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** SQLSTATE class 22 (data exception: bad text, number out of range), as opposed to a database that is away. */
function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("22");
}

/**
 * One INSERT for the whole batch; the chain trigger numbers and hashes the rows in order under the
 * chain head's lock. The patient is resolved from the record when the route named another record,
 * and a sign-in's username becomes the account's id.
 */
async function insertEvents(db: Kysely<Database>, events: AuditEvent[]): Promise<void> {
  const rows = events.map(
    (e) => sql`(${e.at.toISOString()}::timestamptz,
      ${e.userId ?? null}::bigint, ${e.signInUsername ?? null}::text, ${e.roles.join(",")}::text,
      ${e.actingAsUserId ?? null}::bigint, ${e.action}::text, ${e.route}::text, ${e.patientId ?? null}::bigint,
      ${e.recordType}::text, ${e.recordId ?? null}::bigint, ${e.detail ? JSON.stringify(e.detail) : null}::jsonb,
      ${e.status ?? null}::smallint, ${e.outcome}::text, ${e.sourceIp}::text, ${e.requestId}::text, ${events.indexOf(e)}::int)`,
  );
  await sql`
    insert into audit_event (at, user_id, roles, acting_as_user_id, action, route, patient_id, record_type,
      record_id, detail, status, outcome, source_ip, request_id)
    select v.at,
      coalesce(v.user_id, (select u.id from app_user u where lower(u.username) = lower(v.username) limit 1)),
      v.roles, v.acting_as, v.action, v.route,
      coalesce(v.patient_id, audit_patient_of(v.record_type, v.record_id)),
      v.record_type, v.record_id, v.detail, v.status, v.outcome, v.source_ip, v.request_id
    from (values ${sql.join(rows)}) as v(at, user_id, username, roles, acting_as, action, route, patient_id,
      record_type, record_id, detail, status, outcome, source_ip, request_id, n)
    order by v.n`.execute(db);
}
