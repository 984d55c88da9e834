import { type Kysely, sql } from "kysely";
import type { LocationUser } from "../../../generated/types/api/responses/location-user.ts";
import { ACCOUNT_ROLES } from "../auth/account-columns.ts";
import type { Database } from "../db/database-types.ts";

/** Every location's id and name, by name: the pickers of the clinical user form. */
export async function locationsForList(db: Kysely<Database>): Promise<{ id: number; name: string }[]> {
  return db.selectFrom("location").select(["id", "name"]).orderBy(sql`lower(name)`).orderBy("id").execute();
}

/** The users who work at a location, by name (what a reassignment would move). */
export async function locationUsers(db: Kysely<Database>, locationId: number): Promise<LocationUser[]> {
  const rows = await db
    .selectFrom("user_location as ul")
    .innerJoin("app_user as u", "u.id", "ul.user_id")
    .select([
      "u.id",
      "u.first_name",
      "u.last_name",
      sql<string>`u.first_name || ' ' || u.last_name`.as("full_name"),
      "u.user_type",
      "u.status",
      ACCOUNT_ROLES.as("roles"),
      sql<number>`(select count(*) from user_location o where o.user_id = u.id and o.location_id <> ul.location_id)`.as(
        "other_locations",
      ),
    ])
    .where("ul.location_id", "=", locationId)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy("u.id")
    .execute();
  // status and roles are typed by the database as plain numbers and strings; the response schema
  // (api/responses/location-user.json) narrows them to their enums on the way out.
  return rows.map((r) => ({ ...r, other_locations: Number(r.other_locations) }) as LocationUser);
}
