import type { PGlite } from "@electric-sql/pglite";

/**
 * Presents one PGlite instance as the tiny pg.Pool subset Kysely's PostgresDialect uses.
 * PGlite has a single connection, so a connection is lent to one caller at a time: a second
 * caller waits until the first releases it. Without this a transaction of one request would
 * interleave with the statements of another.
 */
export function pglitePool(db: PGlite) {
  let tail: Promise<void> = Promise.resolve();
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
    async connect() {
      let release!: () => void;
      const previous = tail;
      tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      await previous;
      return { ...client, release };
    },
    async end() {
      await tail;
      await db.close();
    },
  };
}
