import type { Kysely } from "kysely";
import type { Database } from "./database-types.ts";

/**
 * Runs `work` in a transaction, or inside the caller's when `db` already is one (PGlite has one
 * connection: opening a second transaction while the caller holds one would wait forever).
 */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
