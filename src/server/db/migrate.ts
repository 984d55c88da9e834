import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import type { Database } from "./database-types.ts";
import { unlimitedStatements } from "./statement-timeout.ts";

const MIGRATIONS_DIR = path.join(import.meta.dirname, "migrations");
// Any constant works; it only has to be the same on every node starting against one database.
const MIGRATION_LOCK_KEY = 725_001;

/**
 * Applies the plain SQL files in migrations/ in name order, each once, each in its own transaction.
 * An advisory lock makes concurrent starts of several nodes wait for one another instead of racing.
 * The pool's statement timeout does not apply here: a migration may rewrite or index a large table,
 * and a node waiting for the lock waits as long as the migrating node needs.
 */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const applied: string[] = [];
  await db.transaction().execute(async (trx) => {
    await unlimitedStatements(trx);
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(trx);
    const done = new Set(
      (await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(trx)).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      await sql.raw(readFileSync(path.join(MIGRATIONS_DIR, file), "utf8")).execute(trx);
      await sql`INSERT INTO schema_migration (name) VALUES (${file})`.execute(trx);
      applied.push(file);
    }
  });
  return applied;
}
