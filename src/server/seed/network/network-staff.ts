import type { Kysely } from "kysely";
import { newAccountRow } from "../../accounts/new-accounts.ts";
import { ACCOUNT_STATUS } from "../../auth/access-hook.ts";
import type { Database } from "../../db/database-types.ts";
import { NETWORK_STAFF } from "./network-accounts.ts";
import { NETWORK_FEMALE_FIRST, NETWORK_LAST_NAMES, NETWORK_MALE_FIRST } from "./network-names.ts";
import { type Random, stream, uuidFrom } from "./network-random.ts";

/**
 * The people of a generated clinic network (issue 12): five locations, 100 clinicians in 20
 * teams of five, 10 supervisors of 10 clinicians each, and the admin, front-desk staff and
 * director. The accounts of network-accounts.ts are among them: `clinician` is a typical
 * clinician on one team, `clinician2` works on four teams, `supervisor` supervises both.
 */
export const NETWORK_SHAPE = {
  clinicians: 100,
  supervisors: 10,
  teams: 20,
  teamSize: 5,
  frontDesk: 5,
} as const;

const LOCATIONS = [
  {
    name: "Main Street Clinic",
    short: "Main Street",
    address_line1: "120 Main Street",
    city: "Springfield",
    zip: "62701",
  },
  {
    name: "Riverside Counseling Center",
    short: "Riverside",
    address_line1: "45 River Road",
    city: "Springfield",
    zip: "62704",
  },
  {
    name: "Northside Youth Services",
    short: "Northside",
    address_line1: "8 Elm Avenue",
    city: "Chatham",
    zip: "62629",
  },
  {
    name: "Lakeview Behavioral Health",
    short: "Lakeview",
    address_line1: "300 Lake Shore Drive",
    city: "Decatur",
    zip: "62521",
  },
  {
    name: "Westfield Family Center",
    short: "Westfield",
    address_line1: "77 Prairie Lane",
    city: "Jacksonville",
    zip: "62650",
  },
] as const;

/** Team t is at location t % 5 with specialty floor(t / 5) (network-programs.ts staffs programs by both). */
export const NETWORK_LOCATION_COUNT = LOCATIONS.length;
export const networkLocationShort = (l: number) => LOCATIONS[l].short;
const SPECIALTIES = ["Adult Outpatient", "Child & Family", "Adolescent", "Trauma & Recovery"] as const;

/** The teams `clinician2` joins besides its own: it works mostly through teams. */
const CLINICIAN2_EXTRA_TEAMS = [5, 10, 15];
/** The index of `clinician2` among the clinicians (`clinician` is 0). */
const CLINICIAN2 = 1;

export interface NetworkStaff {
  adminId: number;
  /** Location ids in LOCATIONS order (team t works at location t % 5). */
  locationIds: number[];
  /** Clinician ids by index: 0 is `clinician`, 1 is `clinician2`, i is `clinician${i + 1}`. */
  clinicianIds: number[];
  supervisorIds: number[];
  teamIds: number[];
  /** Members of each team, as clinician indexes. */
  teamMembers: number[][];
  /** Teams of each clinician, as team indexes (empty for the few on no team). */
  clinicianTeams: number[][];
}

export const clinicianUsername = (i: number) => (i === 0 ? NETWORK_STAFF.clinician : `clinician${i + 1}`);
export const supervisorUsername = (i: number) => (i === 0 ? NETWORK_STAFF.supervisor : `supervisor${i + 1}`);
const frontDeskUsername = (i: number) => (i === 0 ? NETWORK_STAFF.staff : `staff${i + 1}`);

/** Team t is clinicians 5t..5t+4; `clinician2` also takes the last seat of three other teams. */
export function networkTeams(): { members: number[][]; teamsOf: number[][] } {
  const { teams, teamSize, clinicians } = NETWORK_SHAPE;
  const members = Array.from({ length: teams }, (_, t) => Array.from({ length: teamSize }, (_, k) => t * teamSize + k));
  for (const t of CLINICIAN2_EXTRA_TEAMS) members[t][teamSize - 1] = CLINICIAN2;
  const teamsOf = Array.from({ length: clinicians }, () => [] as number[]);
  members.forEach((m, t) => {
    for (const c of m) teamsOf[c].push(t);
  });
  return { members, teamsOf };
}

interface StaffMember {
  username: string;
  role: string;
  locations: number[];
  clinician?: number;
  supervisor?: number;
}

function staffList(): StaffMember[] {
  const { clinicians, supervisors, teamSize, frontDesk } = NETWORK_SHAPE;
  const all = LOCATIONS.map((_, l) => l);
  const { teamsOf } = networkTeams();
  const teamLocation = (t: number) => t % LOCATIONS.length;
  const clinicianLocations = (i: number) => {
    const own = teamsOf[i].length ? teamsOf[i].map(teamLocation) : [Math.floor(i / teamSize) % LOCATIONS.length];
    return [...new Set(own)];
  };
  const perSupervisor = clinicians / supervisors;
  return [
    { username: NETWORK_STAFF.admin, role: "admin", locations: all },
    { username: NETWORK_STAFF.director, role: "director", locations: all },
    ...Array.from({ length: frontDesk }, (_, i) => ({
      username: frontDeskUsername(i),
      role: "staff",
      locations: [i % LOCATIONS.length],
    })),
    ...Array.from({ length: supervisors }, (_, s) => ({
      username: supervisorUsername(s),
      role: "supervisor",
      supervisor: s,
      locations: [
        ...new Set(Array.from({ length: perSupervisor }, (_, k) => clinicianLocations(s * perSupervisor + k)).flat()),
      ],
    })),
    ...Array.from({ length: clinicians }, (_, i) => ({
      username: clinicianUsername(i),
      role: "clinician",
      clinician: i,
      locations: clinicianLocations(i),
    })),
  ];
}

function personName(random: Random): { first: string; last: string } {
  const first = random() < 0.5 ? NETWORK_FEMALE_FIRST : NETWORK_MALE_FIRST;
  return {
    first: first[Math.floor(random() * first.length)],
    last: NETWORK_LAST_NAMES[Math.floor(random() * NETWORK_LAST_NAMES.length)],
  };
}

/**
 * Inserts the locations, the clinical users (Active, all with the one password hash given),
 * their roles and locations, supervision and the clinician teams with their members.
 */
export async function insertNetworkStaff(
  db: Kysely<Database>,
  opts: { seed: number; passwordHash: string; now: Date },
): Promise<NetworkStaff> {
  const random = stream(opts.seed, "staff");
  const locations = await db
    .insertInto("location")
    .values(LOCATIONS.map(({ short: _, ...l }) => ({ ...l, uuid: uuidFrom(random), address_line2: null, state: "IL" })))
    .returning("id")
    .execute();
  const staff = staffList();
  // One multi-row INSERT ... RETURNING answers its rows in the order given.
  const users = await db
    .insertInto("app_user")
    .values(
      staff.map((s) => {
        const name = personName(random);
        return {
          ...newAccountRow({
            username: s.username,
            password_hash: opts.passwordHash,
            password_changed_at: opts.now,
            user_type: "clinical",
            status: ACCOUNT_STATUS.active,
            first_name: name.first,
            last_name: name.last,
            email: `${s.username}@example.org`,
          }),
          uuid: uuidFrom(random),
        };
      }),
    )
    .returning("id")
    .execute();
  const idOf = staff.map((_, k) => users[k].id);
  await db
    .insertInto("user_role")
    .values(staff.map((s, k) => ({ user_id: idOf[k], role: s.role })))
    .execute();
  await db
    .insertInto("user_location")
    .values(staff.flatMap((s, k) => s.locations.map((l) => ({ user_id: idOf[k], location_id: locations[l].id }))))
    .execute();

  const clinicianIds: number[] = [];
  const supervisorIds: number[] = [];
  staff.forEach((s, k) => {
    if (s.clinician !== undefined) clinicianIds[s.clinician] = idOf[k];
    if (s.supervisor !== undefined) supervisorIds[s.supervisor] = idOf[k];
  });
  const perSupervisor = NETWORK_SHAPE.clinicians / NETWORK_SHAPE.supervisors;
  await db
    .insertInto("supervision")
    .values(
      clinicianIds.map((id, i) => ({ supervisor_id: supervisorIds[Math.floor(i / perSupervisor)], clinician_id: id })),
    )
    .execute();

  const { members, teamsOf } = networkTeams();
  const teams = await db
    .insertInto("clinician_team")
    .values(
      members.map((_, t) => ({
        uuid: uuidFrom(random),
        name: `${LOCATIONS[t % LOCATIONS.length].short} ${SPECIALTIES[Math.floor(t / LOCATIONS.length)]} Team`,
      })),
    )
    .returning("id")
    .execute();
  const teamIds = teams.map((t) => t.id);
  await db
    .insertInto("clinician_team_member")
    .values(members.flatMap((m, t) => m.map((c) => ({ team_id: teamIds[t], user_id: clinicianIds[c] }))))
    .execute();
  const adminId = idOf[staff.findIndex((s) => s.username === NETWORK_STAFF.admin)];
  return {
    adminId,
    locationIds: locations.map((l) => l.id),
    clinicianIds,
    supervisorIds,
    teamIds,
    teamMembers: members,
    clinicianTeams: teamsOf,
  };
}

/** Every username the staff of a network takes (the generator refuses a database holding any). */
export function networkStaffUsernames(): string[] {
  return staffList().map((s) => s.username);
}
