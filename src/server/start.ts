import type { FastifyInstance } from "fastify";
import { defaultBundle, type SchemaBundle } from "../shared/schema/bundle.ts";
import { buildApp } from "./app.ts";
import { AccessTokens } from "./auth/access-token.ts";
import { resolveTokenSecret } from "./auth/token-secret.ts";
import type { AppConfig } from "./config.ts";
import { connectDatabase, type DbHandle } from "./db/connect.ts";
import { prepareDataDir } from "./db/data-dir.ts";
import { migrate } from "./db/migrate.ts";
import { syncMeasureLibrary } from "./measures/library-sync.ts";
import { OccurrenceJob } from "./scheduling/occurrence-job.ts";
import { seedDemoIfEmpty } from "./seed/demo.ts";

export const EMBEDDED_WARNING =
  "Embedded PGlite database: fsync is off and there is one connection. It survives a process crash but not a power loss. Fine for trying the product and for tests; production PHI belongs on a PostgreSQL server (set DATABASE_URL).";

/** Connects, migrates, seeds (demo only), and builds the app. main.ts and the e2e tests share it. */
export async function startServer(
  config: AppConfig,
  opts: { bundle?: SchemaBundle; memory?: boolean; logger?: boolean | object } = {},
): Promise<{ app: FastifyInstance; handle: DbHandle }> {
  const bundle = opts.bundle ?? defaultBundle;
  // Set-up faults first, each one line (StartupError): DATA_DIR, then the signing secret kept in it.
  if (!config.databaseUrl && !opts.memory) prepareDataDir(config.dataDir);
  const tokens = new AccessTokens(resolveTokenSecret(config), config.accessTokenTtlSeconds);
  const handle = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    memory: opts.memory,
    pool: config.database,
  });
  await migrate(handle.db);
  // The measure library follows measures/*.json on every start (before the demo seed, which uses it).
  await syncMeasureLibrary(handle.db);
  if (config.demo) await seedDemoIfEmpty(handle.db, bundle);
  const app = await buildApp(
    { config, db: handle.db, dbKind: handle.kind, bundle, tokens, waitingForConnection: handle.waitingForConnection },
    { logger: opts.logger },
  );
  if (handle.kind === "pglite") app.log.warn(EMBEDDED_WARNING);
  // Recurring schedules generate their occurrences on the pg-boss queue (scheduling/occurrence-job.ts).
  // Here rather than in buildApp: API tests drive the generator directly with a fake clock.
  const occurrences = new OccurrenceJob({ config, db: handle.db, dbKind: handle.kind, log: app.log });
  app.addHook("onReady", async () => occurrences.start());
  app.addHook("preClose", async () => occurrences.stop());
  app.addHook("onClose", async () => handle.close());
  return { app, handle };
}
