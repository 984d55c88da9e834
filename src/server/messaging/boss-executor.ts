import { CompiledQuery, type Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";

/** pg-boss's pluggable database interface (its `db` option): one method, text and values in, rows out. */
export interface BossExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Runs pg-boss's SQL through a Kysely connection or transaction. Two uses:
 * - On the embedded PGlite there is one connection, so pg-boss must share the app's instead of
 *   opening its own pool: its polling then queues behind requests like any other statement.
 * - Everywhere, sending a job with a transaction's executor (pg-boss's per-call `db` option) makes
 *   the job part of that transaction: the outbox row and its delivery job commit or vanish together.
 * pg-boss sends multi-statement scripts without values (its migrations); Kysely passes those to
 * the driver with no parameters, which both pg and our PGlite adapter run with the simple protocol.
 */
export function kyselyExecutor(db: Kysely<Database>): BossExecutor {
  return {
    async executeSql(text, values) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as Record<string, unknown>[] };
    },
  };
}

/**
 * The app-wide executor handed to pg-boss on PGlite. It counts the statements in flight so that
 * shutdown can wait for pg-boss's last poll or maintenance step before the database is closed,
 * and refuses new ones once closed (pg-boss reports that as an error event, not a crash).
 */
export class TrackedExecutor implements BossExecutor {
  private readonly inflight = new Set<Promise<unknown>>();
  private closed = false;
  private readonly inner: BossExecutor;

  constructor(db: Kysely<Database>) {
    this.inner = kyselyExecutor(db);
  }

  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> {
    if (this.closed) return Promise.reject(new Error("The message queue is stopped."));
    const run = this.inner.executeSql(text, values);
    this.inflight.add(run);
    const forget = () => this.inflight.delete(run);
    run.then(forget, forget);
    return run;
  }

  /** Stops accepting statements and waits for those already running. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inflight]);
  }
}
