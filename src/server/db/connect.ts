import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, type KyselyConfig, PostgresDialect } from "kysely";
import pg from "pg";
import { registerCopyOut } from "./copy-out.ts";
import {
  assertPrivate,
  keepDataDirPrivate,
  makePrivate,
  openFailure,
  PGLITE_SUBDIR,
  prepareDataDir,
} from "./data-dir.ts";
import type { Database } from "./database-types.ts";
import { pglitePool } from "./pglite-driver.ts";
import { prepareRepeatedStatements, StatementNames } from "./prepared-statements.ts";
import { queryCanceller } from "./query-canceller.ts";
import { type PoolLike, requestScopedPool } from "./request-connections.ts";
import { sessionTimeouts } from "./statement-timeout.ts";

export interface DbHandle {
  db: Kysely<Database>;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: the whole cluster as a tar (tests start their databases from a migrated one). */
  dump?: () => Promise<Blob>;
  /** Callers waiting for a connection right now (http/load-shedding.ts). */
  waitingForConnection(): number;
}

/** The server's pool settings (config.ts DatabasePoolConfig). Tools that omit them get no statement limit. */
export interface PoolOptions {
  poolSize?: number;
  statementTimeoutMs?: number;
  /** Name repeated statements so each connection plans them once (prepared-statements.ts); default on. */
  preparedStatements?: boolean;
}

// bigint (int8) and numeric arrive as strings from pg; ids fit in a JS number, so parse them.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// Dates (not timestamps) stay YYYY-MM-DD strings: a birth date has no time zone.
pg.types.setTypeParser(1082, (v) => v);

/** Opens the configured database: a PostgreSQL server when databaseUrl is set, else PGlite in dataDir. */
export async function connectDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  memory?: boolean;
  /** An in-memory PGlite starts from this dump (PGlite dumpDataDir) instead of an empty cluster. */
  startFrom?: Blob;
  pool?: PoolOptions;
  /** Kysely's query log (tests count the statements a route runs with it). */
  log?: KyselyConfig["log"];
}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.pool?.poolSize ?? 10,
      ...sessionTimeouts(opts.pool?.statementTimeoutMs ?? 0),
    });
    // No JIT compilation: the outcomes explorer's wide statements (issue 13) cost PostgreSQL seconds
    // of LLVM work for a few hundred milliseconds of execution (docs/decisions.md, "JIT off").
    // Queued on the new connection, so it runs before the first statement given to it.
    pool.on("connect", (client) => {
      client.query("SET jit = off").catch(() => {});
    });
    if (opts.pool?.preparedStatements !== false) {
      const names = new StatementNames();
      pool.on("connect", (client) => prepareRepeatedStatements(client, names));
    }
    // Each request's connections are known, so a client that goes away cancels its statements.
    const canceller = queryCanceller(opts.databaseUrl);
    const scoped = requestScopedPool(pool as unknown as PoolLike, canceller.cancel);
    // biome-ignore lint/suspicious/noExplicitAny: the wrapper implements the pool subset Kysely calls.
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: scoped as any }), log: opts.log });
    registerCopyOut(db, pool);
    return {
      db,
      kind: "postgres",
      waitingForConnection: () => pool.waitingCount,
      close: async () => {
        await db.destroy();
        await canceller.end();
      },
    };
  }
  let dataPath: string | undefined;
  if (!opts.memory) {
    // DATA_DIR checked (ours, writable, private) before PGlite writes a byte (data-dir.ts).
    prepareDataDir(opts.dataDir);
    dataPath = path.join(opts.dataDir, PGLITE_SUBDIR);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataPath, {
      ...(opts.startFrom && !dataPath ? { loadDataDir: opts.startFrom } : {}),
      // Trigram indexes serve the patient search (migration 0021); PGlite ships the extension apart.
      extensions: { pg_trgm },
      parsers: {
        20: (v: string) => Number(v),
        1700: (v: string) => Number(v),
        1082: (v: string) => v,
      },
    });
  } catch (err) {
    if (!dataPath) throw err;
    throw openFailure(opts.dataDir, err);
  }
  // PGlite made its files 0666; owner-only from now on, and kept so while it runs.
  let stopSweeping = () => {};
  if (dataPath) {
    makePrivate(opts.dataDir);
    assertPrivate(opts.dataDir);
    stopSweeping = keepDataDirPrivate(opts.dataDir);
  }
  // PGlite accepts SET statement_timeout but never enforces it (no timer interrupts in its WASM
  // build), and runs each statement to its end on this thread: nothing to set, nothing to cancel.
  // What the request scope still does here is drop the statements of a request whose client has
  // gone before they take the one connection.
  const pool = pglitePool(pglite);
  const scoped = requestScopedPool(pool, async () => {});
  // biome-ignore lint/suspicious/noExplicitAny: the adapter implements the pool subset Kysely calls.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: scoped as any }), log: opts.log });
  return {
    db,
    kind: "pglite",
    waitingForConnection: () => pool.waitingCount,
    dump: () => pglite.dumpDataDir("none"),
    close: async () => {
      stopSweeping();
      await db.destroy();
      if (dataPath) makePrivate(opts.dataDir);
    },
  };
}
