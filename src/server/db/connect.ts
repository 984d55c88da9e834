import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
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

export interface DbHandle {
  db: Kysely<Database>;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: the whole cluster as a tar (tests start their databases from a migrated one). */
  dump?: () => Promise<Blob>;
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
}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: "postgres", close: () => db.destroy() };
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
  const pool = pglitePool(pglite);
  // biome-ignore lint/suspicious/noExplicitAny: the adapter implements the pool subset Kysely calls.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as any }) });
  return {
    db,
    kind: "pglite",
    dump: () => pglite.dumpDataDir("none"),
    close: async () => {
      stopSweeping();
      await db.destroy();
      if (dataPath) makePrivate(opts.dataDir);
    },
  };
}
