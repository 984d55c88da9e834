import { type Kysely, sql } from "kysely";
import type { Database } from "../../src/server/db/database-types.ts";
import { createTeam } from "./patients.ts";
import { insertLocation } from "./settings.ts";
import { createUser } from "./users.ts";

/**
 * A small clinic for the outcomes explorer's tests (issue 13 §6: counts and means checked against
 * an independent computation). Rows are inserted straight into the tables, and every fact the
 * explorer could filter on is kept here in plain objects too, so `expectedRecords` can work out
 * the answer in JavaScript without the explorer's SQL.
 */
export interface FixtureSession {
  id: number;
  measureId: number;
  patient: FixturePatient;
  episode: FixtureEpisode | null;
  /** Clinic calendar day (the fixture's times are noon UTC, the same day in the clinic's zone). */
  completedDay: string;
  dueDay: string;
  atDischarge: boolean;
  scores: { type: string; value: number }[];
}

export interface FixtureEpisode {
  id: number;
  programIndex: number;
  admission: string;
  discharge: string | null;
}

export interface FixturePatient {
  id: number;
  ccaId: number;
  gender: string;
  birthDate: string;
  clinicians: number[];
  teams: number[];
}

export interface AnalyticsFixture {
  programs: { id: number; uuid: string; locationIndex: number | null }[];
  locations: { id: number; uuid: string }[];
  clinicians: number[];
  teams: number[];
  measures: { phq9: number; gad7: number; psc17: number };
  sessions: FixtureSession[];
}

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Builds the clinic. `today` anchors its dates (the last two years before it). */
export async function buildAnalyticsFixture(
  db: Kysely<Database>,
  measures: AnalyticsFixture["measures"],
  today: string,
  prefix: string,
): Promise<AnalyticsFixture> {
  const rnd = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;

  const locations = [];
  for (const name of [`${prefix} North`, `${prefix} South`]) {
    const id = await insertLocation(db, name);
    const row = await db.selectFrom("location").select("uuid").where("id", "=", id).executeTakeFirstOrThrow();
    locations.push({ id, uuid: row.uuid });
  }
  const clinicians = [];
  for (const name of ["Ava", "Ben", "Cal"]) {
    clinicians.push(
      await createUser(db, {
        username: `${prefix}-${name}`.toLowerCase(),
        roles: ["clinician"],
        firstName: name,
        lastName: "Clin",
      }),
    );
  }
  const teams = [
    await createTeam(db, `${prefix} Team One`, [clinicians[0] as number]),
    await createTeam(db, `${prefix} Team Two`, [clinicians[2] as number]),
  ];
  const programs = [];
  for (const [i, locationIndex] of [0, 1, null].entries()) {
    const row = await db
      .insertInto("program")
      .values({
        name: `${prefix} Program ${i + 1}`,
        location_id: locationIndex === null ? null : locations[locationIndex]?.id,
      })
      .returning(["id", "uuid"])
      .executeTakeFirstOrThrow();
    programs.push({ id: row.id, uuid: row.uuid, locationIndex });
    for (const [measureId, timing] of [
      [measures.phq9, "admission"],
      [measures.phq9, "discharge"],
      [measures.gad7, "admission"],
    ] as const) {
      await db
        .insertInto("program_measure")
        .values({ program_id: row.id, measure_id: measureId, frequency: 3, timing })
        .execute();
    }
  }

  const sessions: FixtureSession[] = [];
  const genders = ["m", "f", "u", "o", "n"];
  for (let n = 0; n < 48; n++) {
    const birthDate = addDays(today, -Math.floor(365.25 * (8 + rnd() * 70)));
    const gender = pick(genders);
    const patient = await db
      .insertInto("patient")
      .values({ mrn: `${prefix}-${n}`, first_name: `First${n}`, last_name: `Last${n}`, birth_date: birthDate, gender })
      .returning("id")
      .executeTakeFirstOrThrow();
    const cca = await db
      .insertInto("client_clinic_assignment")
      .values({ patient_id: patient.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    const account = await createUser(db, { username: `${prefix}-p${n}`, roles: ["respondent"], userType: "patient" });
    const ccau = await db
      .insertInto("cca_user")
      .values({ cca_id: cca.id, user_id: account, relation_id: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A quarter of the charts have no clinician (Unassigned); teams are independent of clinicians.
    const chartClinicians = rnd() < 0.25 ? [] : [pick(clinicians)];
    const chartTeams = rnd() < 0.5 ? [pick(teams)] : [];
    for (const c of chartClinicians)
      await db.insertInto("cca_clinician").values({ cca_id: cca.id, clinician_id: c }).execute();
    for (const t of chartTeams) await db.insertInto("cca_team").values({ cca_id: cca.id, team_id: t }).execute();
    const fp: FixturePatient = {
      id: patient.id,
      ccaId: cca.id,
      gender,
      birthDate,
      clinicians: chartClinicians,
      teams: chartTeams,
    };

    // Five in six patients have an episode; the rest answer outside any program.
    let episode: FixtureEpisode | null = null;
    if (n % 6 !== 5) {
      const programIndex = n % 3;
      const admission = addDays(today, -30 - Math.floor(rnd() * 600));
      const discharge = rnd() < 0.6 ? addDays(admission, 14 + Math.floor(rnd() * 120)) : null;
      const acp = await db
        .insertInto("access_control_program")
        .values({
          cca_id: cca.id,
          program_id: programs[programIndex]?.id as number,
          admission_date: admission,
          discharge_date: discharge,
          disposition: discharge ? pick(["admitted", "dropped_out", "transferred"]) : null,
          discharge_status: discharge ? "final" : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      episode = { id: acp.id, programIndex, admission, discharge };
    }

    for (const measureId of [measures.phq9, measures.gad7, measures.psc17]) {
      if (rnd() < 0.2) continue;
      const start = episode ? episode.admission : addDays(today, -400);
      const end = episode?.discharge ?? addDays(today, -1);
      const count = 1 + Math.floor(rnd() * 4);
      const span = Math.max(1, Math.floor((Date.parse(end) - Date.parse(start)) / 86_400_000));
      const days = [...new Set(Array.from({ length: count }, (_, i) => (i === 0 ? 0 : Math.floor(rnd() * span))))].sort(
        (a, b) => a - b,
      );
      for (const [i, offset] of days.entries()) {
        const isDischarge =
          measureId === measures.phq9 && !!episode?.discharge && i === days.length - 1 && i > 0 && rnd() < 0.8;
        const completedDay = isDischarge ? (episode?.discharge as string) : addDays(start, offset);
        const dueDay = addDays(completedDay, rnd() < 0.3 ? -2 : 1);
        let scheduleId: number | null = null;
        if (episode) {
          const s = await db
            .insertInto("schedule")
            .values({
              ccau_id: ccau.id,
              measure_id: measureId,
              frequency: 1,
              due_date: `${dueDay}T00:00:00Z`,
              access_control_program_id: episode.id,
              program_timing: isDischarge ? "discharge" : "admission",
            } as never)
            .returning("id")
            .executeTakeFirstOrThrow();
          scheduleId = s.id;
        }
        const cm = await db
          .insertInto("client_measure")
          .values({
            ccau_id: ccau.id,
            measure_id: measureId,
            schedule_id: scheduleId,
            due_date: `${dueDay}T00:00:00Z`,
            status: "submitted",
            started_at: `${completedDay}T11:50:00Z`,
            completed_at: `${completedDay}T12:00:00Z`,
            completed_by: account,
            access_control_program_id: episode?.id ?? null,
          } as never)
          .returning("id")
          .executeTakeFirstOrThrow();
        const total = Math.floor(rnd() * 20);
        const scores = [{ type: "total_score", value: total }];
        if (measureId === measures.psc17) scores.push({ type: "internalizing", value: Math.floor(total / 3) });
        for (const s of scores) {
          await db
            .insertInto("measure_score")
            .values({ client_measure_id: cm.id, score_type: s.type, value: s.value })
            .execute();
        }
        await sql`insert into answer (client_measure_id, question_id, value) values (${cm.id}, 'q1', ${JSON.stringify(total % 4)}::jsonb)`.execute(
          db,
        );
        sessions.push({
          id: cm.id,
          measureId,
          patient: fp,
          episode,
          completedDay,
          dueDay,
          atDischarge: isDischarge,
          scores,
        });
      }
      // An unanswered session never counts.
      await db
        .insertInto("client_measure")
        .values({
          ccau_id: ccau.id,
          measure_id: measureId,
          due_date: `${today}T00:00:00Z`,
          access_control_program_id: episode?.id ?? null,
        } as never)
        .execute();
    }
  }
  return { programs, locations, clinicians, teams, measures, sessions };
}
