import { type Kysely, sql } from "kysely";
import { ACTIVITY } from "../../../../src/server/auth/activity-log.ts";
import type { Database } from "../../../../src/server/db/database-types.ts";
import { createUser } from "../../../helpers/users.ts";

/** The clinic's zone in these tests: far enough from UTC that an evening completion is the day before in UTC terms. */
export const ZONE = "America/Chicago";

/** Two ISO weeks, Monday 2026-03-02 to Sunday 2026-03-15 (the clocks change on Sunday 8 March). */
export const RANGE = { first: "2026-03-02", last: "2026-03-15" };

type Chart = "P1" | "P2" | "P3" | "P4";
type Respondent = "R1" | "R2" | "R3" | "R4" | "R5";
type Clinical = "C1" | "C2" | "SUP" | "DIR" | "ADM" | "STAFF";

/** Account statuses: Active 2, Invited 4, Not Invited 3, Inactive 1, Password Reset 5. */
export const RESPONDENTS: Record<Respondent, { status: number; links: Chart[] }> = {
  R1: { status: 2, links: ["P1"] },
  R2: { status: 4, links: ["P1", "P2"] },
  R3: { status: 3, links: ["P3"] },
  R4: { status: 1, links: ["P4"] },
  R5: { status: 5, links: ["P2"] },
};

/** P1 and P2 are C1's (whom SUP supervises), P3 and P4 are C2's. */
export const CHART_CLINICIAN: Record<Chart, Clinical> = { P1: "C1", P2: "C1", P3: "C2", P4: "C2" };

export const CLINICAL_ROLES: Record<Clinical, string[]> = {
  C1: ["clinician"],
  C2: ["clinician", "supervisor"],
  SUP: ["supervisor"],
  DIR: ["director"],
  ADM: ["admin"],
  STAFF: ["staff"],
};

export interface Session {
  who: Respondent;
  chart: Chart;
  measure: "phq-9" | "gad-7";
  due: string;
  status: "not_started" | "partial" | "submitted" | "disabled";
  completedAt?: string;
}

export const SESSIONS: Session[] = [
  // 21:00 on 2 March at the clinic, already 3 March in UTC.
  {
    who: "R1",
    chart: "P1",
    measure: "phq-9",
    due: "2026-03-02",
    status: "submitted",
    completedAt: "2026-03-03T03:00:00Z",
  },
  {
    who: "R1",
    chart: "P1",
    measure: "gad-7",
    due: "2026-03-02",
    status: "submitted",
    completedAt: "2026-03-02T15:00:00Z",
  },
  { who: "R2", chart: "P1", measure: "phq-9", due: "2026-03-04", status: "not_started" },
  // Answered late, in the second week.
  {
    who: "R2",
    chart: "P2",
    measure: "phq-9",
    due: "2026-03-04",
    status: "submitted",
    completedAt: "2026-03-10T16:00:00Z",
  },
  { who: "R5", chart: "P2", measure: "gad-7", due: "2026-03-09", status: "partial" },
  {
    who: "R3",
    chart: "P3",
    measure: "phq-9",
    due: "2026-03-10",
    status: "submitted",
    completedAt: "2026-03-10T12:00:00Z",
  },
  { who: "R3", chart: "P3", measure: "phq-9", due: "2026-03-12", status: "disabled" },
  { who: "R4", chart: "P4", measure: "phq-9", due: "2026-03-13", status: "not_started" },
  // Before the range: R1 is not new in it.
  {
    who: "R1",
    chart: "P1",
    measure: "phq-9",
    due: "2026-02-20",
    status: "submitted",
    completedAt: "2026-02-20T15:00:00Z",
  },
  // 23:00 on Sunday 15 March at the clinic (CDT), Monday in UTC: in the range by completion, not by due day.
  {
    who: "R3",
    chart: "P3",
    measure: "gad-7",
    due: "2026-03-16",
    status: "submitted",
    completedAt: "2026-03-16T04:00:00Z",
  },
];

export interface SignIn {
  who: Clinical | Respondent;
  at: string;
  code: number;
}

export const SIGN_INS: SignIn[] = [
  { who: "C1", at: "2026-03-02T14:00:00Z", code: ACTIVITY.loginSuccess },
  // 20:00 on 2 March at the clinic.
  { who: "C1", at: "2026-03-03T02:00:00Z", code: ACTIVITY.loginSuccess },
  { who: "C1", at: "2026-03-04T14:00:00Z", code: ACTIVITY.loginFailed },
  { who: "C2", at: "2026-03-05T15:00:00Z", code: ACTIVITY.loginSuccess },
  { who: "SUP", at: "2026-03-05T16:00:00Z", code: ACTIVITY.loginSuccess },
  { who: "DIR", at: "2026-03-06T16:00:00Z", code: ACTIVITY.loginSuccess },
  { who: "ADM", at: "2026-03-09T16:00:00Z", code: ACTIVITY.loginSuccess },
  // 22:00 on Sunday 15 March at the clinic.
  { who: "STAFF", at: "2026-03-16T03:00:00Z", code: ACTIVITY.loginSuccess },
  // 02:00 on 16 March at the clinic: after the range.
  { who: "C2", at: "2026-03-16T07:00:00Z", code: ACTIVITY.loginSuccess },
  // A respondent's sign-in is not a clinical one.
  { who: "R1", at: "2026-03-05T16:00:00Z", code: ACTIVITY.loginSuccess },
];

export interface Seeded {
  clinical: Record<Clinical, number>;
}

/** Writes the fixture straight into the tables (no API), so the numbers depend on nothing else. */
export async function seedUsage(db: Kysely<Database>): Promise<Seeded> {
  await db
    .insertInto("general_setting")
    .values({ key: "client_time_zone", value: JSON.stringify(ZONE) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(ZONE) }))
    .execute();
  const clinical = {} as Record<Clinical, number>;
  for (const [name, roles] of Object.entries(CLINICAL_ROLES) as [Clinical, string[]][]) {
    clinical[name] = await createUser(db, { username: `usage-${name.toLowerCase()}`, roles });
  }
  await db.insertInto("supervision").values({ supervisor_id: clinical.SUP, clinician_id: clinical.C1 }).execute();

  const charts = {} as Record<Chart, number>;
  for (const [chart, clinician] of Object.entries(CHART_CLINICIAN) as [Chart, Clinical][]) {
    const patient = await db
      .insertInto("patient")
      .values({ mrn: `USAGE-${chart}`, first_name: chart, last_name: "Usage", birth_date: "2010-01-01", gender: "u" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const cca = await db
      .insertInto("client_clinic_assignment")
      .values({ patient_id: patient.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    charts[chart] = cca.id;
    await db.insertInto("cca_clinician").values({ cca_id: cca.id, clinician_id: clinical[clinician] }).execute();
  }

  const people = {} as Record<Respondent, number>;
  const links = new Map<string, number>();
  for (const [name, r] of Object.entries(RESPONDENTS) as [Respondent, (typeof RESPONDENTS)[Respondent]][]) {
    people[name] = await createUser(db, {
      username: `usage-${name.toLowerCase()}`,
      roles: ["respondent"],
      userType: "patient",
      status: r.status,
    });
    for (const chart of r.links) {
      const link = await db
        .insertInto("cca_user")
        .values({ cca_id: charts[chart], user_id: people[name], relation_id: 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      links.set(`${name}@${chart}`, link.id);
    }
  }

  const measureIds = new Map(
    (await db.selectFrom("measure").select(["id", "definition_id"]).execute()).map((m) => [m.definition_id, m.id]),
  );
  for (const s of SESSIONS) {
    const measureId = measureIds.get(s.measure);
    if (!measureId) throw new Error(`measure ${s.measure} is not in the library`);
    await db
      .insertInto("client_measure")
      .values({
        ccau_id: links.get(`${s.who}@${s.chart}`) as number,
        measure_id: measureId,
        due_date: sql<Date>`${`${s.due} 00:00:00`}::timestamp at time zone 'UTC'`,
        status: s.status,
        completed_at: s.completedAt ? new Date(s.completedAt) : null,
      })
      .execute();
  }

  for (const s of SIGN_INS) {
    const userId = s.who in clinical ? clinical[s.who as Clinical] : people[s.who as Respondent];
    await db
      .insertInto("activity_log")
      .values({ user_id: userId, actor_id: userId, code: s.code, at: new Date(s.at) })
      .execute();
  }
  return { clinical };
}
