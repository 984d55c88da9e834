import type { Kysely } from "kysely";
import { newAccountRow } from "../accounts/new-accounts.ts";
import type { Database } from "../db/database-types.ts";

/** The demo password of every demo clinical user (README and the sign-in page's demo hint). */
export const DEMO_PASSWORD = "Demo#2026!";

const ACTIVE = 2;

const LOCATIONS = [
  {
    name: "Main Street Clinic",
    address_line1: "120 Main Street",
    address_line2: null,
    city: "Springfield",
    state: "IL",
    zip: "62701",
  },
  {
    name: "Riverside Counseling Center",
    address_line1: "45 River Road",
    address_line2: "Suite 200",
    city: "Springfield",
    state: "IL",
    zip: "62704",
  },
  {
    name: "Northside Youth Services",
    address_line1: "8 Elm Avenue",
    address_line2: null,
    city: "Chatham",
    state: "IL",
    zip: "62629",
  },
];

/** Demo clinical users: username, role, name, and the locations (by index) they work at. */
const STAFF = [
  { username: "admin", role: "admin", first: "Dana", last: "Whitfield", locations: [0, 1, 2] },
  { username: "supervisor", role: "supervisor", first: "Samuel", last: "Okonkwo", locations: [0, 1] },
  { username: "clinician", role: "clinician", first: "Taylor", last: "Brooks", locations: [0] },
  { username: "clinician2", role: "clinician", first: "Priya", last: "Raman", locations: [1] },
  { username: "staff", role: "staff", first: "Chris", last: "Delacroix", locations: [0, 1] },
  { username: "director", role: "director", first: "Evelyn", last: "Hart", locations: [0, 1, 2] },
] as const;

export type DemoUsername = (typeof STAFF)[number]["username"];

export interface DemoClinic {
  users: Record<DemoUsername, number>;
  teamId: number;
}

/**
 * Locations, the clinical users (Active, password DEMO_PASSWORD), their roles and locations,
 * supervisor -> clinician supervision, and "Outpatient Team" with clinician2 as its member.
 */
export async function seedDemoClinic(db: Kysely<Database>, passwordHash: string): Promise<DemoClinic> {
  const locations = await db.insertInto("location").values(LOCATIONS).returning("id").execute();
  const now = new Date();
  // One multi-row INSERT ... RETURNING answers its rows in the order given.
  const inserted = await db
    .insertInto("app_user")
    .values(
      STAFF.map((s) =>
        newAccountRow({
          username: s.username,
          password_hash: passwordHash,
          password_changed_at: now,
          user_type: "clinical",
          status: ACTIVE,
          first_name: s.first,
          last_name: s.last,
          email: `${s.username}@example.org`,
        }),
      ),
    )
    .returning("id")
    .execute();
  const users = Object.fromEntries(STAFF.map((s, i) => [s.username, inserted[i].id])) as Record<DemoUsername, number>;

  await db
    .insertInto("user_role")
    .values(STAFF.map((s) => ({ user_id: users[s.username], role: s.role })))
    .execute();
  await db
    .insertInto("user_location")
    .values(
      STAFF.flatMap((s) => s.locations.map((l) => ({ user_id: users[s.username], location_id: locations[l].id }))),
    )
    .execute();
  await db
    .insertInto("supervision")
    .values({ supervisor_id: users.supervisor, clinician_id: users.clinician })
    .execute();
  const team = await db
    .insertInto("clinician_team")
    .values({ name: "Outpatient Team" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("clinician_team_member").values({ team_id: team.id, user_id: users.clinician2 }).execute();
  return { users, teamId: team.id };
}
