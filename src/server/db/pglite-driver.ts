import type { PGlite } from "@electric-sql/pglite";

/**
 * Presents one PGlite instance as the tiny pg.Pool subset Kysely's PostgresDialect uses.
 * PGlite has a single connection, so a connection is lent to one caller at a time: a second
 * caller waits until the first releases it. Without this a transaction of one request would
 * interleave with the statements of another.
 */
export function pglitePool(db: PGlite) {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  const client = {
    async query(sql: string, params?: readonly unknown[]) {
      // Without parameters use the simple protocol, as pg does, so a migration file may hold
      // several statements; its last statement's rows are the result.
      const result =
        params && params.length > 0
          ? await db.query(sql, params as unknown[], { rowMode: "object" })
          : ((await db.exec(sql, { rowMode: "object" })).at(-1) ?? { rows: [], affectedRows: 0 });
      return {
        rows: result.rows,
        rowCount: result.affectedRows ?? result.rows.length,
        command: sql.trimStart().slice(0, 6).toUpperCase(),
      };
    },
    release() {},
  };
  return {
    /** Callers waiting for the connection (not counting its holder), as pg.Pool's waitingCount. */
    get waitingCount() {
      return waiting;
    },
    async connect() {
      let release!: () => void;
      const previous = tail;
      tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      waiting += 1;
      try {
        await previous;
      } finally {
        waiting -= 1;
      }
      // The next caller gets the connection on a later turn of the event loop, not in the same
      // run of promise callbacks: PGlite works on this thread, and a burst of queued statements
      // handed on directly held the loop for seconds (no timer, no new connection, no
      // /api/health in between; load shedding read it as a stalled process).
      return { ...client, release: () => setImmediate(release) };
    },
    async end() {
      await tail;
      await db.close();
    },
  };
}
