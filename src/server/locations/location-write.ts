import { type Kysely, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { loadClinicalUsers } from "../clinical-users/clinical-user-read.ts";
import type { Database } from "../db/database-types.ts";
import { rowNamedLike } from "../db/named-rows.ts";
import { onForeignKeyViolation, onUniqueViolation } from "../db/pg-errors.ts";
import { appendHistory, recordDeletion, recordVersion } from "../history/record-history.ts";
import { nonZeroCounts, plural } from "../http/count-phrases.ts";
import { badRequest, HttpError, notFound } from "../http/http-error.ts";
import { type LocationJson, loadLocation } from "./location-read.ts";

export const LOCATION_NOT_FOUND = "The location does not exist.";
export const LOCATION_NAME_TAKEN = "Location name already in use";
export const LAST_LOCATION = "The last location cannot be deleted.";
export const SAME_LOCATION = "Choose a different location to move the users to";

const NAME_INDEX = "location_name_key";
// Deletes take this transaction-scoped lock, so two deletes cannot each see "another location remains".
const DELETE_LOCK_KEY = 725_002;

export interface LocationBody {
  name: string;
  address_line1?: string | null;
  address_line2?: string | null;
  city?: string | null;
  state?: string;
  zip?: string | null;
}

/** A save states the whole location: a field left out is cleared. */
function columns(body: LocationBody) {
  return {
    name: body.name,
    address_line1: body.address_line1 ?? null,
    address_line2: body.address_line2 ?? null,
    city: body.city ?? null,
    state: body.state ?? null,
    zip: body.zip ?? null,
  };
}

const nameTaken = () => badRequest([{ field: "name", message: LOCATION_NAME_TAKEN }]);

async function assertNameFree(db: Kysely<Database>, name: string, selfId: number | null): Promise<void> {
  if ((await rowNamedLike(db, "location", name, selfId)) !== null) throw nameTaken();
}

function finish(trx: Kysely<Database>, bundle: SchemaBundle, id: number, actorId: number): Promise<LocationJson> {
  return recordVersion(trx, { entity: "location", entityId: id, changedBy: actorId }, () =>
    loadLocation(trx, bundle, id),
  );
}

export async function createLocation(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  actorId: number,
  body: LocationBody,
): Promise<LocationJson> {
  return onUniqueViolation(NAME_INDEX, nameTaken, () =>
    db.transaction().execute(async (trx) => {
      await assertNameFree(trx, body.name, null);
      const { id } = await trx.insertInto("location").values(columns(body)).returning("id").executeTakeFirstOrThrow();
      return finish(trx, bundle, id, actorId);
    }),
  );
}

export async function updateLocation(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  actorId: number,
  id: number,
  body: LocationBody,
): Promise<LocationJson> {
  return onUniqueViolation(NAME_INDEX, nameTaken, () =>
    db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom("location").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
      if (!current) throw notFound(LOCATION_NOT_FOUND);
      await assertNameFree(trx, body.name, id);
      await trx.updateTable("location").set(columns(body)).where("id", "=", id).execute();
      return finish(trx, bundle, id, actorId);
    }),
  );
}

const inUse = (users: number) =>
  new HttpError(
    400,
    `This location has ${plural(users, "user", "users")}. Reassign them to another location before deleting it.`,
    "location_in_use",
  );

/**
 * Deletes a location nobody uses (spec §5): refused while users work there (reassign them first),
 * while programs or appointments name it, and when it is the last location, since every
 * clinical user needs one.
 */
export async function deleteLocation(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  actorId: number,
  id: number,
): Promise<void> {
  // A user given this location between the check and the delete still holds it: the foreign key says so.
  await onForeignKeyViolation(
    () => inUse(1),
    () =>
      db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${DELETE_LOCK_KEY})`.execute(trx);
        const location = await loadLocation(trx, bundle, id);
        if (!location) throw notFound(LOCATION_NOT_FOUND);
        if (location.user_count > 0) throw inUse(location.user_count);
        const others = await trx
          .selectFrom("location")
          .select(sql<number>`count(*)`.as("n"))
          .where("id", "<>", id)
          .executeTakeFirstOrThrow();
        if (Number(others.n) === 0) throw new HttpError(400, LAST_LOCATION, "last_location");
        const refs = await sql<{ programs: number; appointments: number }>`
          select (select count(*) from program where location_id = ${id}) as programs,
                 (select count(*) from appointment where location_id = ${id}) as appointments`.execute(trx);
        const programs = Number(refs.rows[0].programs);
        const appointments = Number(refs.rows[0].appointments);
        if (programs > 0 || appointments > 0) {
          const what = nonZeroCounts([
            [programs, "program", "programs"],
            [appointments, "appointment", "appointments"],
          ]);
          throw new HttpError(
            400,
            `This location is used by ${what}. Move them to another location before deleting it.`,
            "location_in_use",
          );
        }
        await trx.deleteFrom("location").where("id", "=", id).execute();
        await recordDeletion(trx, { entity: "location", entityId: id, changedBy: actorId }, location);
      }),
  );
}

/**
 * Moves every user of one location to another (PUT location/reassign). Users already at the
 * target keep their one row; nobody ends with fewer locations than before, so the rule that a
 * clinical user needs a location holds. Answers how many users moved.
 */
export async function reassignLocationUsers(
  db: Kysely<Database>,
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
    // The users changed, not the locations: each moved clinical user gets a new history version.
    for (const user of await loadClinicalUsers(trx, userIds)) {
      await appendHistory(trx, { entity: "clinical_user", entityId: user.id, data: user, changedBy: actorId });
    }
    return { fromLocationId: fromId, toLocationId: toId, moved: userIds.length };
  });
}
