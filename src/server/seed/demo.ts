import type { Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";

/** Seeds the demo clinic on an empty database (no clinical users yet). Filled in by the patients slice. */
export async function seedDemoIfEmpty(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom("app_user").select("id").limit(1).executeTakeFirst();
  if (any) return false;
  return false;
}
