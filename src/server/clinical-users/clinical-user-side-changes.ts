import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import type { EntityStore } from "../entities/entity-store.ts";
import { appendHistory } from "../history/record-history.ts";

/**
 * Records clinical users changed by a save of something else: their location reassigned, their
 * supervisor's list of supervised clinicians edited. Each gets a new version, so a form opened
 * before cannot save the old value back over the change (409), and a history version that shows it.
 * `store` is the clinical users' store; call inside the transaction that made the change.
 */
export async function recordSideChanges(
  trx: Kysely<Database>,
  store: EntityStore,
  actorId: number,
  userIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  await trx.updateTable("app_user").set({ version: sql`version + 1` }).where("id", "in", ids).execute();
  for (const user of await store.readMany(trx, ids)) {
    await appendHistory(trx, { entity: store.def.name, entityId: user.id, data: user, changedBy: actorId });
  }
}
