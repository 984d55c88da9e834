import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual, promisify } from "node:util";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Gender } from "../../generated/types/enums/gender.ts";
import type { Database } from "../../src/server/db/database-types.ts";
import { generateNetwork, NetworkNotEmptyError } from "../../src/server/seed/network/generate-network.ts";
import {
  NETWORK_PASSWORD,
  NETWORK_STAFF,
  networkRespondentUsername,
} from "../../src/server/seed/network/network-accounts.ts";
import { planPatient } from "../../src/server/seed/network/network-patient-plan.ts";
import { NETWORK_CLINIC_NAME } from "../../src/server/seed/network/network-settings.ts";
import { networkTeams } from "../../src/server/seed/network/network-staff.ts";
import { clinicTimeZone, isOpen } from "../../src/server/sessions/availability.ts";
import { scoreRows } from "../../src/server/sessions/submit-session.ts";
import type { MeasureDefinition } from "../../src/shared/measures/types.ts";
import { type Answers, scoreSession } from "../../src/shared/scoring/index.ts";
import { resultMismatches } from "../helpers/patient-results.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";

const PATIENTS = 300;
const MEASURES = 3_000;
const SEED = 7;
// Both networks are generated at the same moment: the same seed and day give the same rows.
const NOW = new Date();

/** The clinic's calendar day of an instant (the schema's time zone, written down by the generator). */
const clinicDay = (column: string) => sql.raw(`(${column} at time zone 'America/New_York')::date`);

/** What a generated network holds, table by table, without the ids and creation times a database assigns. */
async function fingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  const digest = async (name: string, query: ReturnType<typeof sql<{ d: string }>>) => [
    name,
    (await query.execute(db)).rows[0].d,
  ];
  const entries = await Promise.all([
    digest(
      "patients",
      sql`select md5(string_agg(concat_ws('|', p.uuid, p.mrn, p.first_name, p.middle_name, p.last_name, p.birth_date,
        p.gender, p.email, p.mobile_number, p.active, p.triage_alert_at, p.triage_due_at, u.uuid, u.username, u.status),
        ',' order by p.mrn)) as d
      from patient p join app_user u on u.id = p.user_id`,
    ),
    digest(
      "assignments",
      sql`select md5(string_agg(x, ',' order by x)) as d from (
        select p.mrn || ':' || u.username as x from cca_clinician c join client_clinic_assignment a on a.id = c.cca_id
          join patient p on p.id = a.patient_id join app_user u on u.id = c.clinician_id
        union all
        select p.mrn || ':' || t.name from cca_team c join client_clinic_assignment a on a.id = c.cca_id
          join patient p on p.id = a.patient_id join clinician_team t on t.id = c.team_id) s`,
    ),
    digest(
      "respondents",
      sql`select md5(string_agg(concat_ws('|', p.mrn, u.uuid, u.first_name, u.last_name, cu.relation_id,
        cu.respondent_type, (select string_agg(c.value, ';' order by c.channel) from contact c where c.user_id = u.id)),
        ',' order by p.mrn, u.uuid)) as d
      from cca_user cu join app_user u on u.id = cu.user_id join client_clinic_assignment a on a.id = cu.cca_id
      join patient p on p.id = a.patient_id`,
    ),
    digest(
      "sessions",
      sql`select md5(string_agg(concat_ws('|', p.mrn, u.uuid, m.definition_id, cm.due_date, cm.opens_on, cm.status,
        cm.started_at, cm.completed_at, cm.severity, cm.score_result::text, cm.last_answered_question, s.frequency,
        s.due_date, s.next_index, s.next_due_date, s.enabled),
        ',' order by p.mrn, u.uuid, m.definition_id, cm.due_date)) as d
      from client_measure cm join cca_user cu on cu.id = cm.ccau_id join app_user u on u.id = cu.user_id
      join client_clinic_assignment a on a.id = cu.cca_id join patient p on p.id = a.patient_id
      join measure m on m.id = cm.measure_id join schedule s on s.id = cm.schedule_id`,
    ),
    digest(
      "episodes",
      sql`select md5(string_agg(concat_ws('|', p.mrn, pr.name, acp.admission_date, acp.discharge_date, acp.disposition,
        acp.discharge_status, acp.discharge_final_at, acp.created_at,
        (select count(*) from client_measure cm where cm.access_control_program_id = acp.id)),
        ',' order by p.mrn, acp.admission_date)) as d
      from access_control_program acp join program pr on pr.id = acp.program_id
      join client_clinic_assignment a on a.id = acp.cca_id join patient p on p.id = a.patient_id`,
    ),
    digest(
      "answers",
      sql`select md5(string_agg(concat_ws('|', cm.ccau_id, cm.due_date, m.definition_id, an.question_id,
        an.value::text, an.client_seq, an.saved_at), ',' order by cm.ccau_id, m.definition_id, cm.due_date, an.question_id)) as d
      from answer an join client_measure cm on cm.id = an.client_measure_id join measure m on m.id = cm.measure_id`,
    ),
    digest(
      "alerts",
      sql`select md5(string_agg(concat_ws('|', cm.ccau_id, cm.due_date, al.rule_id, al.raised_at, al.acknowledged_at,
        ack.username, al.disposition, al.escalated_at), ',' order by cm.ccau_id, cm.due_date, al.rule_id)) as d
      from alert al join client_measure cm on cm.id = al.client_measure_id
      left join app_user ack on ack.id = al.acknowledged_by`,
    ),
  ]);
  return Object.fromEntries(entries);
}

/** The schema's indexes, constraints and triggers: the generator defers some during its load and must put them back. */
// This test's own schema only: on the PostgreSQL server other test files create and drop schemas
// (with their triggers) in the same database while this one runs.
async function schemaShape(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ x: string }>`
    select 'index ' || indexname || ': ' || indexdef as x from pg_indexes where schemaname = current_schema()
    union all
    select 'constraint ' || conrelid::regclass || '.' || conname || ': ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = current_schema()::regnamespace
    union all
    select 'trigger ' || tgrelid::regclass || '.' || tgname || ' ' || tgenabled::text from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace
    order by 1`.execute(db);
  return rows.rows.map((r) => r.x);
}

/** Generating takes a while on a busy machine: the network's set-up is one hook, with room. */
const GENERATE_TIMEOUT = 240_000;

describe.each(DATABASES)("network generator on $name", (database) => {
  let t: TestApp;
  let generateMs: number;
  let shapeBefore: string[];

  beforeAll(async () => {
    t = await createTestApp(database);
    shapeBefore = await schemaShape(t.db);
    const started = performance.now();
    await generateNetwork(t.db, { patients: PATIENTS, measures: MEASURES, seed: SEED, now: NOW });
    generateMs = performance.now() - started;
  }, GENERATE_TIMEOUT);
  afterAll(async () => t?.close());

  const login = (username: string, password = NETWORK_PASSWORD) =>
    t.app.inject({ method: "POST", url: "/api/security/login", payload: { username, password } });
  const bearer = (res: { json(): { accessToken: string } }) => ({ authorization: `Bearer ${res.json().accessToken}` });
  const count = async (table: keyof Database & string, where = sql`true`) =>
    Number(
      (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(t.db))
        .rows[0].n,
    );

  it("makes as many patients and scored sessions as asked, with the network's people, in seconds", async () => {
    expect(await count("patient")).toBe(PATIENTS);
    expect(await count("client_measure", sql`status = 'submitted'`)).toBe(MEASURES);
    expect(await count("measure_score", sql`score_type = 'total_score'`)).toBe(MEASURES);
    // Some sessions are open: not started or partly answered.
    expect(await count("client_measure", sql`status = 'partial'`)).toBeGreaterThan(0);
    expect(await count("client_measure", sql`status = 'not_started'`)).toBeGreaterThan(PATIENTS / 2);
    const roles = await sql<{ role: string; n: number }>`select r.role, count(*)::int as n from user_role r
      join app_user u on u.id = r.user_id where u.user_type = 'clinical' group by r.role order by r.role`.execute(t.db);
    expect(roles.rows).toEqual([
      { role: "admin", n: 1 },
      { role: "clinician", n: 100 },
      { role: "director", n: 1 },
      { role: "staff", n: 5 },
      { role: "supervisor", n: 10 },
    ]);
    const perSupervisor = await sql<{
      n: number;
    }>`select count(*)::int as n from supervision group by supervisor_id`.execute(t.db);
    expect(perSupervisor.rows.map((r) => r.n)).toEqual(Array(10).fill(10));
    const teams = await sql<{
      n: number;
    }>`select count(*)::int as n from clinician_team_member group by team_id`.execute(t.db);
    expect(teams.rows.map((r) => r.n)).toEqual(Array(20).fill(5));
    expect(await count("location")).toBe(5);
    const supervised = await sql<{ username: string }>`select c.username from supervision s
      join app_user sv on sv.id = s.supervisor_id join app_user c on c.id = s.clinician_id
      where sv.username = ${NETWORK_STAFF.supervisor} order by c.username`.execute(t.db);
    expect(supervised.rows.map((r) => r.username)).toEqual(expect.arrayContaining(["clinician", "clinician2"]));
    const clinician2Teams = await sql<{ n: number }>`select count(*)::int as n from clinician_team_member m
      join app_user u on u.id = m.user_id where u.username = ${NETWORK_STAFF.clinician2}`.execute(t.db);
    expect(clinician2Teams.rows[0].n).toBe(4);
    const settings = await t.db.selectFrom("general_setting").select(["key", "value"]).orderBy("key").execute();
    expect(settings).toEqual(
      expect.arrayContaining([
        { key: "customer_name", value: NETWORK_CLINIC_NAME },
        { key: "programs_enabled", value: true },
      ]),
    );
    // Seconds, not minutes, even on a busy machine (docs/generate.md has the figures for larger networks).
    expect(generateMs).toBeLessThan(GENERATE_TIMEOUT / 2);
  });

  it("leaves every index, constraint and trigger as the migrations made it", async () => {
    const after = await schemaShape(t.db);
    expect(after).toEqual(shapeBefore);
    expect(after.filter((x) => x.startsWith("index client_measure")).length).toBeGreaterThan(5);
    expect(after.filter((x) => x.startsWith("trigger client_measure")).length).toBeGreaterThan(2);
  });

  it("spreads patients and sessions as a clinic would: mostly one clinician, ~30% a team, a few long histories", async () => {
    const charts = await sql<{ clinicians: number; teams: number }>`select
      (select count(*)::int from cca_clinician c where c.cca_id = a.id) as clinicians,
      (select count(*)::int from cca_team c where c.cca_id = a.id) as teams
      from client_clinic_assignment a`.execute(t.db);
    const share = (f: (r: { clinicians: number; teams: number }) => boolean) =>
      charts.rows.filter(f).length / charts.rows.length;
    expect(share((r) => r.clinicians === 1)).toBeGreaterThan(0.75);
    expect(share((r) => r.teams > 0)).toBeGreaterThan(0.2);
    expect(share((r) => r.teams > 0)).toBeLessThan(0.45);
    // Unassigned charts exist but are rare.
    expect(share((r) => r.clinicians + r.teams === 0)).toBeLessThan(0.03);
    const others = await count("cca_user", sql`relation_id <> 1`);
    expect(others / PATIENTS).toBeGreaterThan(0.12);
    expect(others / PATIENTS).toBeLessThan(0.45);
    const perPatient = await sql<{ n: number }>`select count(cm.id)::int as n from client_clinic_assignment a
      join cca_user cu on cu.cca_id = a.id left join client_measure cm on cm.ccau_id = cu.id and cm.status = 'submitted'
      group by a.id order by n`.execute(t.db);
    const counts = perPatient.rows.map((r) => r.n);
    expect(counts.at(-1)).toBeGreaterThanOrEqual(200);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThanOrEqual(12);
    const ages = await sql<{ child: number; teen: number; adult: number }>`select
      count(*) filter (where age(birth_date) < interval '13 years')::int as child,
      count(*) filter (where age(birth_date) >= interval '13 years' and age(birth_date) < interval '18 years')::int as teen,
      count(*) filter (where age(birth_date) >= interval '18 years')::int as adult from patient`.execute(t.db);
    for (const n of Object.values(ages.rows[0])) expect(n).toBeGreaterThan(PATIENTS / 10);
    expect(await count("patient", sql`mrn <> upper(mrn)`)).toBe(0);
  });

  it(
    "gives the same rows for the same seed and day, and other people for another seed",
    async () => {
      const small = { patients: 60, measures: 400, seed: SEED, now: NOW };
      const [a, b] = [await createTestApp(database), await createTestApp(database)];
      try {
        await generateNetwork(a.db, small);
        await generateNetwork(b.db, small);
        expect(await fingerprint(b.db)).toEqual(await fingerprint(a.db));
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
      const staff = { clinicians: 100, teams: 20, clinicianTeams: networkTeams().teamsOf };
      const plan = (seed: number) => planPatient(seed, 5, { today: "2026-03-01", staff, signInCount: 0, scored: 3 });
      expect(plan(SEED)).toEqual(plan(SEED));
      expect(plan(SEED + 1).uuid).not.toBe(plan(SEED).uuid);
      expect(plan(SEED + 1).mrn).toBe(plan(SEED).mrn);
    },
    GENERATE_TIMEOUT,
  );

  it("refuses a database that already has patients, and changes nothing", async () => {
    const before = await count("app_user");
    await expect(generateNetwork(t.db, { patients: 5, measures: 5, seed: 1 })).rejects.toThrow(NetworkNotEmptyError);
    expect(await count("app_user")).toBe(before);
    expect(await count("patient")).toBe(PATIENTS);
  });

  it("lets every staff account sign in through the login route and see its patient list", async () => {
    for (const username of Object.values(NETWORK_STAFF)) {
      const res = await login(username);
      expect(res.statusCode, username).toBe(200);
      const list = await t.app.inject({ method: "GET", url: "/api/patients?pageSize=20", headers: bearer(res) });
      expect(list.statusCode, username).toBe(200);
      const body = list.json() as { rows: unknown[]; totalRecords: number };
      expect(body.rows.length, username).toBeGreaterThan(0);
      if (["admin", "staff", "director"].includes(username)) expect(body.totalRecords, username).toBe(PATIENTS);
      else expect(body.totalRecords, username).toBeLessThan(PATIENTS);
    }
    // Every other clinical account shares the one hash (signed in above) and is active.
    const hashes = await sql<{ n: number; inactive: number }>`select count(distinct password_hash)::int as n,
      count(*) filter (where status <> 2)::int as inactive from app_user where user_type = 'clinical'`.execute(t.db);
    expect(hashes.rows[0]).toEqual({ n: 1, inactive: 0 });
  });

  it("gives each sign-in respondent exactly one open PHQ-9, which the first can answer through the API", async () => {
    const zone = await clinicTimeZone(t.db);
    const open = await t.db
      .selectFrom("client_measure as cm")
      .innerJoin("cca_user as cu", "cu.id", "cm.ccau_id")
      .innerJoin("app_user as u", "u.id", "cu.user_id")
      .innerJoin("measure as m", "m.id", "cm.measure_id")
      .select(["u.username", sql<number>`count(*)::int`.as("n"), sql<string>`min(m.definition_id)`.as("measure")])
      .where("u.username", "like", "respondent-%")
      .where(isOpen(zone))
      .groupBy("u.username")
      .execute();
    // The first tenth of a small network (the first NETWORK_RESPONDENT_COUNT of a large one).
    expect(open).toHaveLength(PATIENTS / 10);
    expect(open.map((r) => r.username).sort()).toEqual(
      Array.from({ length: PATIENTS / 10 }, (_, n) => networkRespondentUsername(n + 1)),
    );
    for (const row of open) expect(row, row.username ?? "").toMatchObject({ n: 1, measure: "phq-9" });

    const res = await login(networkRespondentUsername(1));
    expect(res.statusCode).toBe(200);
    const headers = bearer(res);
    const available = await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers });
    expect(available.statusCode).toBe(200);
    expect(available.json().totalRecords).toBe(1);
    const session = available.json().groups[0].measures[0] as { clientMeasureId: number; firstPageId: string };
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/questionnaires/${session.clientMeasureId}/page/${session.firstPageId}/question/q1`,
      headers,
      payload: { value: 2, seq: 1 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ questionId: "q1", applied: true, status: "partial" });
    const stored = await t.db
      .selectFrom("answer")
      .select("value")
      .where("client_measure_id", "=", session.clientMeasureId)
      .where("question_id", "=", "q1")
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe(2);
  });

  it("stores for every submitted session the score, severity and alerts the app's engine gives its answers", async () => {
    const sessions = await t.db
      .selectFrom("client_measure as cm")
      .innerJoin("measure_version as mv", "mv.id", "cm.measure_version_id")
      .innerJoin("cca_user as cu", "cu.id", "cm.ccau_id")
      .innerJoin("client_clinic_assignment as a", "a.id", "cu.cca_id")
      .innerJoin("patient as p", "p.id", "a.patient_id")
      .select(["cm.id", "mv.definition", "p.gender", "cm.severity", "cm.score_result"])
      .where("cm.status", "=", "submitted")
      .execute();
    expect(sessions).toHaveLength(MEASURES);
    const answers = new Map<number, Record<string, Answers[string]>>();
    for (const a of await t.db.selectFrom("answer").select(["client_measure_id", "question_id", "value"]).execute()) {
      const own = answers.get(a.client_measure_id) ?? {};
      own[a.question_id] = a.value as Answers[string];
      answers.set(a.client_measure_id, own);
    }
    const scores = new Map<number, { score_type: string; value: number }[]>();
    for (const s of await t.db
      .selectFrom("measure_score")
      .select(["client_measure_id", "score_type", "value"])
      .execute()) {
      scores.set(s.client_measure_id, [
        ...(scores.get(s.client_measure_id) ?? []),
        { score_type: s.score_type, value: Number(s.value) },
      ]);
    }
    const alerts = new Map<number, string[]>();
    for (const a of await t.db.selectFrom("alert").select(["client_measure_id", "rule_id"]).execute()) {
      alerts.set(a.client_measure_id, [...(alerts.get(a.client_measure_id) ?? []), a.rule_id]);
    }
    const byType = (a: { score_type: string }, b: { score_type: string }) => a.score_type.localeCompare(b.score_type);
    const mismatches: number[] = [];
    let risky = 0;
    for (const s of sessions) {
      const result = scoreSession(s.definition as MeasureDefinition, answers.get(s.id) ?? {}, {
        gender: s.gender as Gender,
      });
      const expectedScores = scoreRows(s.id, result)
        .map(({ score_type, value }) => ({ score_type, value }))
        .sort(byType);
      const ok =
        result.scorable &&
        JSON.stringify(expectedScores) === JSON.stringify((scores.get(s.id) ?? []).sort(byType)) &&
        (result.severity?.label ?? null) === s.severity &&
        // jsonb keeps keys in its own order: compare as values.
        isDeepStrictEqual(JSON.parse(JSON.stringify(result)), s.score_result) &&
        JSON.stringify(result.alerts.map((a) => a.id).sort()) === JSON.stringify((alerts.get(s.id) ?? []).sort());
      if (!ok) mismatches.push(s.id);
      if (result.alerts.length) risky++;
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    // Suicide-risk answers (PHQ-9 item 9 above 0) raised alerts: some acknowledged, some still active.
    expect(risky).toBeGreaterThan(0);
    const suicideItem = await sql<{ n: number }>`select count(*)::int as n from answer an
      join client_measure cm on cm.id = an.client_measure_id join measure m on m.id = cm.measure_id
      where m.definition_id = 'phq-9' and an.question_id = 'q9' and (an.value #>> '{}')::int > 0 and cm.status = 'submitted'
        and not exists (select 1 from alert al where al.client_measure_id = cm.id and al.rule_id = 'phq-9-item-9-suicide-risk')`.execute(
      t.db,
    );
    expect(suicideItem.rows[0].n).toBe(0);
    expect(await count("alert", sql`acknowledged_at is not null and disposition is not null`)).toBeGreaterThan(0);
    expect(await count("alert", sql`acknowledged_at is null`)).toBeGreaterThan(0);
    // Each patient's latest results, filled in one pass after the load (migration 0032), are right.
    expect((await resultMismatches(t.db)).slice(0, 3)).toEqual([]);
    expect(await count("patient", sql`latest_score is not null`)).toBeGreaterThan(0);
    // The patient list's triage keys were kept by the triggers (migration 0012).
    expect(await count("patient", sql`triage_alert_at is not null`)).toBe(
      Number(
        (
          await sql<{
            n: number;
          }>`select count(distinct cca_id)::int as n from alert where acknowledged_at is null`.execute(t.db)
        ).rows[0].n,
      ),
    );
  });
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(t.db)).rows[0];

  // Issue 13 §6: programs and episodes.
  it("makes programs at the network's locations, inpatient and outpatient, each with its team, lead and measures", async () => {
    const programs = await sql<{
      name: string;
      type: string;
      location_id: number | null;
      teams: number;
      leads: number;
      admission: number;
      discharge: number;
    }>`select p.name, pt.name as type, p.location_id,
        (select count(*)::int from program_clinician_team x where x.program_id = p.id) as teams,
        (select count(*)::int from program_clinician x where x.program_id = p.id) as leads,
        (select count(*)::int from program_measure x where x.program_id = p.id and x.timing = 'admission') as admission,
        (select count(*)::int from program_measure x where x.program_id = p.id and x.timing = 'discharge') as discharge
      from program p join program_type pt on pt.id = p.program_type_id`.execute(t.db);
    expect(programs.rows.length).toBeGreaterThanOrEqual(20);
    expect(programs.rows.length).toBeLessThanOrEqual(40);
    for (const p of programs.rows) {
      expect(p, p.name).toMatchObject({ teams: 1, leads: 1 });
      expect(p.location_id, p.name).not.toBeNull();
      expect(p.admission, p.name).toBeGreaterThan(0);
      expect(p.discharge, p.name).toBeGreaterThan(0);
    }
    expect(new Set(programs.rows.map((p) => p.type))).toEqual(
      new Set(["Inpatient", "Residential", "Intensive outpatient", "Outpatient"]),
    );
    expect(new Set(programs.rows.map((p) => p.location_id)).size).toBe(5);
  });

  it("admits most patients once (some twice), discharges about two thirds with a disposition, keeps the rest open", async () => {
    const e = await one(sql<{
      episodes: number;
      charts: number;
      twice: number;
      discharged: number;
      final: number;
      open: number;
    }>`select count(*)::int as episodes, count(distinct cca_id)::int as charts,
        (select count(*)::int from (select cca_id from access_control_program group by cca_id having count(*) = 2) x) as twice,
        count(*) filter (where discharge_status is not null)::int as discharged,
        count(*) filter (where discharge_status = 'final')::int as final,
        count(*) filter (where discharge_status is null)::int as open
      from access_control_program`);
    expect(e.charts / PATIENTS).toBeGreaterThan(0.8);
    expect(e.twice).toBeGreaterThan(0);
    expect(e.twice / e.charts).toBeLessThan(0.3);
    expect(e.discharged / e.episodes).toBeGreaterThan(0.55);
    expect(e.discharged / e.episodes).toBeLessThan(0.75);
    expect(e.final / e.discharged).toBeGreaterThan(0.9);
    // Every discharge has its date, disposition (enums/disposition.json) and who discharged; a final one its moment.
    const bad = await one(sql<{ n: number }>`select count(*)::int as n from access_control_program
      where discharge_status is not null and (discharge_date is null or discharge_date < admission_date
        or disposition not in ('admitted', 'dropped_out', 'aged_out', 'transferred', 'discharged_inactivity')
        or discharged_by is null or (discharge_status = 'final') <> (discharge_final_at is not null)
        or ${clinicDay("discharge_final_at")} < discharge_date)`);
    expect(bad.n).toBe(0);
    const dispositions = await sql<{ disposition: string; n: number }>`select disposition, count(*)::int as n
      from access_control_program where disposition is not null group by disposition order by n desc`.execute(t.db);
    expect(dispositions.rows[0].disposition).toBe("transferred");
    expect(dispositions.rows.length).toBeGreaterThanOrEqual(4);
    // Admissions spread over about three years; none in the future.
    const span = await one(sql<{ days: number; future: number }>`select
        (max(admission_date) - min(admission_date))::int as days,
        count(*) filter (where admission_date > ${clinicDay("now()")} or discharge_date > ${clinicDay("now()")})::int as future
      from access_control_program`);
    expect(span.days).toBeGreaterThan(700);
    expect(span.future).toBe(0);
    // The app's invariants: a program assignment row per admission, the patient active.
    expect(
      await one(sql<{ n: number }>`select count(*)::int as n from access_control_program acp
      where not exists (select 1 from program_assignment pa where pa.access_control_program_id = acp.id)
        or not exists (select 1 from client_clinic_assignment a join patient p on p.id = a.patient_id
          where a.id = acp.cca_id and p.active)`),
    ).toEqual({ n: 0 });
  });

  it("dates every scored session inside its episode: admission sessions on the admission day, discharge sessions on the discharge day", async () => {
    const s = await one(sql<{ outside: number; unattributed: number; mismatched: number; total: number }>`select
        count(*) filter (where ${clinicDay("cm.completed_at")} < acp.admission_date
          or ${clinicDay("cm.completed_at")} > coalesce(acp.discharge_date, ${clinicDay("now()")}))::int as outside,
        count(*) filter (where acp.id is null)::int as unattributed,
        count(*) filter (where sc.access_control_program_id is distinct from cm.access_control_program_id)::int as mismatched,
        count(*)::int as total
      from client_measure cm join schedule sc on sc.id = cm.schedule_id
      left join access_control_program acp on acp.id = cm.access_control_program_id
      where cm.status = 'submitted'`);
    expect(s).toEqual({ outside: 0, unattributed: 0, mismatched: 0, total: MEASURES });
    // Every episode that has sessions has its admission session, answered on the admission day.
    const admissions = await one(sql<{ with_sessions: number; admitted_on_day: number }>`select
        count(*) filter (where exists (select 1 from client_measure cm where cm.access_control_program_id = acp.id
          and cm.status = 'submitted'))::int as with_sessions,
        count(*) filter (where exists (select 1 from client_measure cm where cm.access_control_program_id = acp.id
          and cm.status = 'submitted' and ${clinicDay("cm.completed_at")} = acp.admission_date))::int as admitted_on_day
      from access_control_program acp`);
    expect(admissions.admitted_on_day).toBe(admissions.with_sessions);
    // Final discharges have their discharge measures answered on the discharge day (a few had too
    // short a history: their one session was the admission's, and the discharge measure was removed).
    const discharges = await one(sql<{ final: number; answered: number; open_left: number }>`select
        count(*)::int as final,
        count(*) filter (where exists (select 1 from schedule sc join client_measure cm on cm.schedule_id = sc.id
          where sc.access_control_program_id = acp.id and sc.program_timing = 'discharge' and cm.status = 'submitted'
            and ${clinicDay("cm.completed_at")} = acp.discharge_date))::int as answered,
        count(*) filter (where exists (select 1 from client_measure cm where cm.access_control_program_id = acp.id
          and cm.status in ('not_started', 'partial')))::int as open_left
      from access_control_program acp where acp.discharge_status = 'final'`);
    expect(discharges.answered / discharges.final).toBeGreaterThan(0.9);
    expect(discharges.open_left).toBe(0);
    // A final discharge came after its discharge sessions and the acknowledgement of its alerts.
    const early = await one(sql<{ n: number }>`select count(*)::int as n from access_control_program acp
      join client_measure cm on cm.access_control_program_id = acp.id
      left join alert al on al.client_measure_id = cm.id
      where acp.discharge_status = 'final' and (al.id is not null and (al.acknowledged_at is null
        or al.acknowledged_at > acp.discharge_final_at))`);
    expect(early.n).toBe(0);
    // Schedules run while the episode is open (a pending discharge's discharge measure too), and only then.
    const schedules = await one(sql<{ wrong: number }>`select count(*)::int as wrong from schedule sc
      join access_control_program acp on acp.id = sc.access_control_program_id
      where sc.enabled <> (acp.discharge_status is null
        or (acp.discharge_status = 'pending' and sc.program_timing = 'discharge'))`);
    expect(schedules.wrong).toBe(0);
  });

  it("uses all twelve instruments, and on average patients improve from admission to discharge", async () => {
    const instruments = await sql<{ id: string }>`select distinct m.definition_id as id from client_measure cm
      join measure m on m.id = cm.measure_id where cm.status = 'submitted' order by 1`.execute(t.db);
    expect(instruments.rows.map((r) => r.id)).toEqual(
      [
        "audit",
        "audit-c",
        "core-10",
        "gad-2",
        "gad-7",
        "k10",
        "k6",
        "pcl-5",
        "phq-2",
        "phq-9",
        "psc-17",
        "who-5",
      ].sort(),
    );
    // First and last score of each measure and respondent in each discharged episode, oriented so
    // that a lower score is better (WHO-5 is higher-is-better), as a share of the measure's range.
    const change = await one(sql<{ pairs: number; improved: number; worsened: number; mean: number }>`
      with scored as (
        select cm.access_control_program_id as episode, cm.ccau_id, cm.measure_id, cm.completed_at,
          (ms.value - (mv.definition #>> '{scoring,range,min}')::numeric)
            / ((mv.definition #>> '{scoring,range,max}')::numeric - (mv.definition #>> '{scoring,range,min}')::numeric)
            * case when (mv.definition #>> '{scoring,higherIsBetter}')::boolean then -1 else 1 end as badness
        from client_measure cm
        join measure_version mv on mv.id = cm.measure_version_id
        join measure_score ms on ms.client_measure_id = cm.id and ms.score_type = 'total_score'
        join access_control_program acp on acp.id = cm.access_control_program_id and acp.discharge_status = 'final'
        where cm.status = 'submitted'),
      pairs as (
        select (array_agg(badness order by completed_at))[1] as first,
          (array_agg(badness order by completed_at desc))[1] as last
        from scored group by episode, ccau_id, measure_id having count(*) > 1)
      select count(*)::int as pairs, count(*) filter (where last < first)::int as improved,
        count(*) filter (where last > first)::int as worsened, avg(first - last)::float8 as mean from pairs`);
    expect(change.pairs).toBeGreaterThan(100);
    expect(change.improved / change.pairs).toBeGreaterThan(0.5);
    expect(change.worsened).toBeGreaterThan(0);
    expect(change.mean).toBeGreaterThan(0.1);
  });

  it("gives a program's lead and team the charts of its open episodes, and takes them back at a final discharge", async () => {
    const access = await one(sql<{ open_seen: number; open: number }>`select
        count(*) filter (where exists (select 1 from chart_access ca join program_clinician pc on pc.clinician_id = ca.user_id
          where pc.program_id = acp.program_id and ca.cca_id = acp.cca_id))::int as open_seen,
        count(*)::int as open
      from access_control_program acp where acp.discharge_status is distinct from 'final'`);
    expect(access.open_seen).toBe(access.open);
    // chart_access is exactly what the rule says (migration 0021), programs included.
    const drift = await one(sql<{ n: number }>`select count(*)::int as n from (
        (select user_id, cca_id, via from chart_access
         except select * from chart_access_rule(array(select id from client_clinic_assignment)))
        union all
        (select * from chart_access_rule(array(select id from client_clinic_assignment))
         except select user_id, cca_id, via from chart_access)) x`);
    expect(drift.n).toBe(0);
  });
});

describe("npm run generate", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "network-cli-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/generate.ts", ...args], {
      env: process.env,
    }).then(
      (r) => ({ code: 0, ...r }),
      (err: { code: number; stdout: string; stderr: string }) => err,
    );

  it(
    "fills an empty embedded database, then refuses it with exit code 1 because it has patients",
    async () => {
      const dataDir = path.join(dir, "data");
      const first = await run("--patients", "20", "--measures", "60", "--data-dir", dataDir);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/20 patients/);
      const again = await run("--patients", "20", "--measures", "60", "--data-dir", dataDir);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already has patients/);
      const bad = await run("--patients", "many");
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/--patients must be a whole number/);
    },
    GENERATE_TIMEOUT,
  );
});
