import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import { uniqueNameHooks } from "../db/named-rows.ts";
import type { EntityDefinition } from "../entities/entity-definition.ts";
import { nonZeroCounts, plural } from "../http/count-phrases.ts";
import { HttpError } from "../http/http-error.ts";
import { stateNames } from "./states.ts";

export const LOCATION_NOT_FOUND = "The location does not exist.";
export const LOCATION_NAME_TAKEN = "Location name already in use";
export const LAST_LOCATION = "The last location cannot be deleted.";

// Deletes take this transaction-scoped lock, so two deletes cannot each see "another location remains".
const DELETE_LOCK_KEY = 725_002;

const usersIn = (users: number) =>
  new HttpError(
    400,
    `This location has ${plural(users, "user", "users")}. Reassign them to another location before deleting it.`,
    "location_in_use",
  );

/** Programs and appointments that name the location (they must move before it goes). */
async function otherUses(trx: Kysely<Database>, id: number): Promise<string | null> {
  const refs = await sql<{ programs: number; appointments: number }>`
    select (select count(*) from program where location_id = ${id}) as programs,
           (select count(*) from appointment where location_id = ${id}) as appointments`.execute(trx);
  const programs = Number(refs.rows[0].programs);
  const appointments = Number(refs.rows[0].appointments);
  if (programs === 0 && appointments === 0) return null;
  return nonZeroCounts([
    [programs, "program", "programs"],
    [appointments, "appointment", "appointments"],
  ]);
}

/**
 * A place the clinic works from (entities/location.json). Names are unique in any case; a
 * location nobody uses may be deleted (spec §5), never the last one, since every clinical user
 * needs one.
 */
export const locationEntity: EntityDefinition = {
  name: "location",
  schemaId: "entities/location.json",
  tableId: "tables/locations.table.json",
  notFound: LOCATION_NOT_FOUND,
  computed: {
    user_count: sql<number>`(select count(*) from user_location ul where ul.location_id = e.id)`,
  },
  finish(record, bundle) {
    const code = record.state as string | null;
    return { ...record, state_name: code ? (stateNames(bundle).get(code) ?? null) : null };
  },
  tieBreak: [sql`lower(e.name)`],
  hooks: {
    ...uniqueNameHooks("location", LOCATION_NAME_TAKEN),
    async beforeDelete({ db, record }) {
      await sql`select pg_advisory_xact_lock(${DELETE_LOCK_KEY})`.execute(db);
      const users = Number(record.user_count);
      if (users > 0) throw usersIn(users);
      const others = await db
        .selectFrom("location")
        .select(sql<number>`count(*)`.as("n"))
        .where("id", "<>", record.id)
        .executeTakeFirstOrThrow();
      if (Number(others.n) === 0) throw new HttpError(400, LAST_LOCATION, "last_location");
      const uses = await otherUses(db, record.id);
      if (uses) {
        throw new HttpError(
          400,
          `This location is used by ${uses}. Move them to another location before deleting it.`,
          "location_in_use",
        );
      }
    },
    // A user given this location between the check and the delete still holds it: the foreign key says so.
    inUse: () => usersIn(1),
  },
};
