import type { Kysely } from "kysely";
import PgBoss from "pg-boss";
import type { AppConfig } from "../config.ts";
import type { Database } from "../db/database-types.ts";
import { TrackedExecutor } from "./boss-executor.ts";

/**
 * pg-boss's own pool has a limit of its own, not the requests' (DATABASE_STATEMENT_TIMEOUT_MS): its
 * statements are queue bookkeeping (fetch, complete, maintenance over the job tables, which can be
 * large after a backlog). One running five minutes is stuck, not slow (docs/scale.md).
 */
const QUEUE_STATEMENT_TIMEOUT_MS = 5 * 60_000;

/**
 * A pg-boss instance on the app's database, made the one way every job of the app uses:
 * on PGlite it shares the app's single connection (boss-executor.ts), on PostgreSQL it opens a
 * small pool of its own. Maintenance runs on every node (pg-boss takes turns by itself). Cron
 * scheduling is off unless a job asks for it (`cron`): most jobs pace themselves.
 */
export function newBoss(
  deps: { config: AppConfig; db: Kysely<Database>; dbKind: "pglite" | "postgres" },
  options: { cron?: boolean } = {},
): {
  boss: PgBoss;
  executor: TrackedExecutor | null;
} {
  const a = deps.config.accounts;
  const common = {
    schema: a.queueSchema,
    supervise: true,
    schedule: options.cron ?? false,
    maintenanceIntervalSeconds: a.queueMaintenanceIntervalSeconds,
  };
  if (deps.dbKind === "pglite") {
    const executor = new TrackedExecutor(deps.db);
    return { boss: new PgBoss({ ...common, db: executor }), executor };
  }
  return {
    boss: new PgBoss({
      ...common,
      connectionString: deps.config.databaseUrl,
      max: 3,
      // pg-boss hands its options to pg.Pool, which sends this when it connects.
      statement_timeout: QUEUE_STATEMENT_TIMEOUT_MS,
    } as PgBoss.ConstructorOptions),
    executor: null,
  };
}
