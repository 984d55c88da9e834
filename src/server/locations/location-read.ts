import { type Kysely, type RawBuilder, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { ACCOUNT_ROLES } from "../auth/account-columns.ts";
import type { Database } from "../db/database-types.ts";
import { pageWindow } from "../http/paging.ts";
import { likePattern } from "../patients/patient-read.ts";
import { stateNames } from "./states.ts";

/** A location as the API answers it (entities/location.json with its readOnly fields). */
export interface LocationJson {
  id: number;
  uuid: string;
  name: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  state_name: string | null;
  user_count: number;
}

export interface LocationListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: "name" | "city" | "state" | "zip" | "user_count";
  order?: "asc" | "desc";
}

const USER_COUNT = sql<number>`(select count(*) from user_location ul where ul.location_id = l.id)`;

const SORTS: Record<NonNullable<LocationListQuery["sort"]>, RawBuilder<unknown>> = {
  name: sql`lower(l.name)`,
  city: sql`lower(l.city)`,
  state: sql`l.state`,
  zip: sql`l.zip`,
  user_count: USER_COUNT,
};

function locations(db: Kysely<Database>) {
  return db
    .selectFrom("location as l")
    .select([
      "l.id",
      "l.uuid",
      "l.name",
      "l.address_line1",
      "l.address_line2",
      "l.city",
      "l.state",
      "l.zip",
      USER_COUNT.as("user_count"),
    ]);
}

type LocationRow = Omit<LocationJson, "state_name">;

function toJson(names: Map<string, string>, row: LocationRow): LocationJson {
  return { ...row, state_name: row.state ? (names.get(row.state) ?? null) : null, user_count: Number(row.user_count) };
}

/** One page of locations matching the search (name, address, city, zip), and how many match in all. */
export async function listLocations(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  query: LocationListQuery,
): Promise<{ rows: LocationJson[]; totalRecords: number }> {
  const search = query.search?.trim();
  const matches = search
    ? sql<boolean>`(l.name ilike ${likePattern(search)} escape '\\' or l.address_line1 ilike ${likePattern(search)} escape '\\'
        or l.city ilike ${likePattern(search)} escape '\\' or l.zip ilike ${likePattern(search)} escape '\\')`
    : sql<boolean>`true`;
  const { limit, offset } = pageWindow(query);
  const direction = sql.raw(query.order === "desc" ? "desc" : "asc");
  const [rows, count] = await Promise.all([
    locations(db)
      .where(matches)
      .orderBy(sql`${SORTS[query.sort ?? "name"]} ${direction} nulls last`)
      .orderBy(sql`lower(l.name) ${direction}`)
      .orderBy("l.id")
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom("location as l").where(matches).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  const names = stateNames(bundle);
  return { rows: rows.map((row) => toJson(names, row)), totalRecords: Number(count.n) };
}

export async function loadLocation(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  id: number,
): Promise<LocationJson | null> {
  const row = await locations(db).where("l.id", "=", id).executeTakeFirst();
  return row ? toJson(stateNames(bundle), row) : null;
}

/** Every location's id and name, by name: the pickers of the clinical user form. */
export async function locationsForList(db: Kysely<Database>): Promise<{ id: number; name: string }[]> {
  return db.selectFrom("location").select(["id", "name"]).orderBy(sql`lower(name)`).orderBy("id").execute();
}

export interface LocationUser {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  user_type: "clinical" | "patient";
  status: number;
  roles: string[];
  /** How many locations the user has besides this one; 0 means this is their only location. */
  other_locations: number;
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
  return rows.map((r) => ({ ...r, other_locations: Number(r.other_locations) }));
}
