import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Kysely, KyselyConfig } from "kysely";
import pg from "pg";
import { buildApp } from "../../src/server/app.ts";
import { AccessTokens } from "../../src/server/auth/access-token.ts";
import { type AppConfig, loadConfig } from "../../src/server/config.ts";
import { connectDatabase } from "../../src/server/db/connect.ts";
import type { Database } from "../../src/server/db/database-types.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { defaultBundle, type SchemaBundle } from "../../src/shared/schema/bundle.ts";
import { migratedTemplate } from "./pglite-template.ts";

/** The databases every API test runs against: PGlite always, the PostgreSQL server when TEST_DATABASE_URL is set. */
export const DATABASES: { name: "pglite" | "postgres"; url?: string }[] = [
  { name: "pglite" },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres" as const, url: process.env.TEST_DATABASE_URL }] : []),
];

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database: in-memory PGlite, or a new schema on the PostgreSQL
 * server (dropped on close), so test files never see each other's rows.
 */
export async function createTestApp(
  database: { name: "pglite" | "postgres"; url?: string },
  opts: {
    bundle?: SchemaBundle;
    accessTokenTtlSeconds?: number;
    config?: Partial<AppConfig>;
    /** Fastify logger options (default: no log); tests/security/log-redaction.test.ts captures one. */
    logger?: boolean | object;
    /** Called with the SQL of every statement the app's database runs, failed ones and BEGIN/COMMIT included. */
    onQuery?: (sql: string) => void;
    /**
     * Test-only routes, outside /api, added before the app is ready: probes that hold the app's
     * database in a known state (a sleeping statement, a held connection) for the protections'
     * tests (tests/server/http/cancel-on-disconnect.test.ts).
     */
    routes?: (app: FastifyInstance, db: Kysely<Database>) => void;
  } = {},
): Promise<TestApp> {
  const config = {
    // No response-time floor (http/uniform-duration.ts) unless a test asks for one: it would only slow the suite.
    ...loadConfig({ DATA_DIR: "./data/test-unused", LOG_LEVEL: "silent", ACCOUNT_LOOKUP_FLOOR_MS: "0" }),
    demo: false,
    tokenSecret: "test-secret-test-secret-test-secret-0123456789",
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds ?? 900,
    // No escalation job unless a test asks for one: it would start pg-boss in every test app.
    alertEscalationCheckSeconds: 0,
    // Nor the reminder job (reminders/reminder-job.ts): tests call sendDueReminders with a fake clock.
    reminderCheckSeconds: 0,
    // Nor export generation and retention (analytics/exports): an export test turns them on, or drives them with a fake clock.
    exports: { worker: false, cleanupCheckSeconds: 0 },
    // Nor document rendering and retention (documents/): a document test turns them on.
    documents: { ...loadConfig({}).documents, worker: false, cleanupCheckSeconds: 0 },
    // No load shedding (http/load-shedding.ts) unless a test asks: a test's own set-up may block
    // the event loop (PGlite runs on it) and its bursts are not overload.
    loadShedding: { ...loadConfig({}).loadShedding, maxDatabaseQueue: 0, maxEventLoopDelayMs: 0 },
    ...opts.config,
  };
  let databaseUrl: string | undefined;
  let dropSchema: (() => Promise<void>) | undefined;
  if (database.url) {
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const url = new URL(database.url);
    url.searchParams.set("options", `-c search_path=${schema}`);
    databaseUrl = url.toString();
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: database.url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    };
  }
  const startFrom = databaseUrl ? undefined : await migratedTemplate();
  const onQuery = opts.onQuery;
  const log: KyselyConfig["log"] = onQuery ? (event) => onQuery(event.query.sql) : undefined;
  const handle = await connectDatabase({
    databaseUrl,
    dataDir: config.dataDir,
    memory: true,
    startFrom,
    pool: config.database,
    log,
  });
  await migrate(handle.db);
  const bundle = opts.bundle ?? defaultBundle;
  const tokens = new AccessTokens(config.tokenSecret, config.accessTokenTtlSeconds);
  const app = await buildApp(
    {
      config: { ...config, databaseUrl },
      db: handle.db,
      dbKind: handle.kind,
      bundle,
      tokens,
      waitingForConnection: handle.waitingForConnection,
    },
    { logger: opts.logger ?? false, serveClient: false },
  );
  opts.routes?.(app, handle.db);
  await app.ready();
  return {
    app,
    db: handle.db,
    async close() {
      await app.close();
      await handle.close();
      await dropSchema?.();
    },
  };
}
