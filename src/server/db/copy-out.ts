import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";

/**
 * `COPY (statement) TO STDOUT` as a stream of bytes, for the PostgreSQL server only: PostgreSQL
 * writes the CSV itself and the rows never become JavaScript objects (an export of 1.5 million
 * records; issue 13 §6). Kysely cannot carry a COPY (its connections take text and parameters
 * only), so connect.ts registers its pg pool here for the Kysely instance it made.
 */
const pools = new WeakMap<object, pg.Pool>();

export function registerCopyOut<DB>(db: Kysely<DB>, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** Whether `copyOut` can serve this database (a PostgreSQL server, opened by connect.ts). */
export function canCopyOut<DB>(db: Kysely<DB>): boolean {
  return pools.has(db);
}

export interface CopyOutOptions {
  /** `SET LOCAL` settings of the COPY's transaction, e.g. { statement_timeout: "300000" }. */
  settings?: Record<string, string>;
}

export interface CopyOut {
  /** The CSV bytes; ends when the COPY has ended and its transaction committed. */
  stream: Readable;
  /** How many rows PostgreSQL wrote (its own count, known once `stream` has ended). */
  rowCount(): number;
  /** Stops the COPY: the connection is closed rather than returned, which ends the statement. */
  abort(): void;
}

/**
 * Runs `copyStatement` (a whole `COPY (...) TO STDOUT ...` statement; COPY takes no bind
 * parameters, see inline-parameters.ts) in a read-only transaction of its own connection.
 */
export async function copyOut<DB>(db: Kysely<DB>, copyStatement: string, opts: CopyOutOptions = {}): Promise<CopyOut> {
  const pool = pools.get(db);
  if (!pool) throw new Error("COPY needs a PostgreSQL server connection (connect.ts)");
  const client = await pool.connect();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  try {
    await client.query("BEGIN READ ONLY");
    for (const [name, value] of Object.entries(opts.settings ?? {})) {
      await client.query("select set_config($1, $2, true)", [name, value]);
    }
  } catch (err) {
    release(err as Error);
    throw err;
  }
  const stream = client.query(copyTo(copyStatement));
  stream.on("error", (err) => release(err));
  stream.on("end", () => {
    client.query("COMMIT").then(
      () => release(),
      (err: Error) => release(err),
    );
  });
  return {
    stream,
    rowCount: () => stream.rowCount,
    abort: () => {
      release(new Error("COPY aborted"));
      stream.destroy();
    },
  };
}
