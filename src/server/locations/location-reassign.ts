import { type Kysely, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { clinicalUserEntity } from "../clinical-users/clinical-user-entity.ts";
import { recordSideChanges } from "../clinical-users/clinical-user-side-changes.ts";
import type { Database } from "../db/database-types.ts";
import { entityStore } from "../entities/entity-store.ts";
import { badRequest } from "../http/http-error.ts";

export const SAME_LOCATION = "Choose a different location to move the users to";

/**
 * Moves every user of one location to another (PUT location/reassign). Users already at the
 * target keep their one row; nobody ends with fewer locations than before, so the rule that a
 * clinical user needs a location holds. Answers how many users moved.
 */
export async function reassignLocationUsers(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  actorId: number,
  fromId: number,
  toId: number,
): Promise<{ fromLocationId: number; toLocationId: number; moved: number }> {
  if (fromId === toId) throw badRequest([{ field: "toLocationId", message: SAME_LOCATION }]);
  return db.transaction().execute(async (trx) => {
    // Locked in id order, so two opposite reassignments cannot deadlock.
    const found = await trx
      .selectFrom("location")
      .select("id")
      .where("id", "in", [fromId, toId])
      .orderBy("id")
      .forUpdate()
      .execute();
    const ids = new Set(found.map((r) => r.id));
    const errors = [];
    if (!ids.has(fromId)) errors.push({ field: "fromLocationId", message: "Location to empty is not valid" });
    if (!ids.has(toId)) errors.push({ field: "toLocationId", message: "Choose the location to move the users to" });
    if (errors.length) throw badRequest(errors);

    const users = await trx.selectFrom("user_location").select("user_id").where("location_id", "=", fromId).execute();
    await sql`insert into user_location (user_id, location_id)
      select user_id, ${toId}::bigint from user_location where location_id = ${fromId}
      on conflict do nothing`.execute(trx);
    await trx.deleteFrom("user_location").where("location_id", "=", fromId).execute();
    const userIds = users.map((u) => u.user_id);
    // The users changed, not the locations: each moved clinical user gets a new version.
    await recordSideChanges(trx, entityStore(clinicalUserEntity, bundle), actorId, userIds);
    return { fromLocationId: fromId, toLocationId: toId, moved: userIds.length };
  });
}
