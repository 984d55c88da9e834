import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fitsRespondent } from "../../../src/server/scheduling/eligibility.ts";
import { seedDemoIfEmpty } from "../../../src/server/seed/demo.ts";
import { planDemoEpisodes } from "../../../src/server/seed/demo-episodes.ts";
import { scoreRows } from "../../../src/server/sessions/submit-session.ts";
import { measureDefinition } from "../../../src/shared/measures/library.ts";
import type { MeasureDefinition } from "../../../src/shared/measures/types.ts";
import { todayIn } from "../../../src/shared/scheduling/due-dates.ts";
import { type Answers, scoreSession } from "../../../src/shared/scoring/index.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { authHeader } from "../../helpers/users.ts";

/** The demo clinic's zone (general settings default): episodes are clinic calendar days. */
const ZONE = "America/New_York";
const DAY = 86_400_000;
/** Map.groupBy, which Node 20 lacks. */
function groupBy<T, K>(items: Iterable<T>, key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}
const daysAgo = (day: string) => Math.round((Date.now() - Date.parse(`${day}T12:00:00Z`)) / DAY);

describe.each(DATABASES)("demo programs and episodes of care on $name", (database) => {
  let t: TestApp;
  let admin: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    await seedDemoIfEmpty(t.db);
    admin = (await t.db.selectFrom("app_user").select("id").where("username", "=", "admin").executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => t.close());

  const episodes = () =>
    t.db
      .selectFrom("access_control_program as acp")
      .innerJoin("program as p", "p.id", "acp.program_id")
      .innerJoin("client_clinic_assignment as cca", "cca.id", "acp.cca_id")
      .innerJoin("patient as pt", "pt.id", "cca.patient_id")
      .select(["acp.id", "acp.cca_id", "acp.admission_date", "acp.discharge_date", "acp.disposition"])
      .select(["acp.discharge_status", "acp.discharge_final_at", "p.name as program", "pt.id as patient_id", "pt.mrn"])
      .orderBy("acp.admission_date")
      .execute();

  /** Submitted sessions with their episode, measure, completion and score rows. */
  const submitted = () =>
    t.db
      .selectFrom("client_measure as cm")
      .innerJoin("measure as m", "m.id", "cm.measure_id")
      .innerJoin("cca_user as cu", "cu.id", "cm.ccau_id")
      .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
      .innerJoin("patient as p", "p.id", "cca.patient_id")
      .select(["cm.id", "cm.access_control_program_id as episode", "cm.completed_at", "cm.severity", "cm.schedule_id"])
      .select(["m.definition_id", "cu.cca_id", "p.gender"])
      .where("cm.status", "=", "submitted")
      .orderBy("cm.completed_at")
      .execute();

  it("has three programs whose measures are in the library and fit their respondents", async () => {
    const rows = await t.db
      .selectFrom("program_measure as pm")
      .innerJoin("program as p", "p.id", "pm.program_id")
      .innerJoin("measure as m", "m.id", "pm.measure_id")
      .select(["p.name", "m.definition_id", "pm.frequency", "pm.respondent_kind", "pm.timing", "m.definition"])
      .orderBy("p.name")
      .orderBy("pm.id")
      .execute();
    expect(rows.map((r) => [r.name, r.definition_id, r.frequency, r.respondent_kind, r.timing])).toEqual([
      ["Adolescent Program", "phq-9", 4, "patient", "admission"],
      ["Adolescent Program", "psc-17", 5, "caregiver", "admission"],
      ["Adolescent Program", "psc-17", 1, "caregiver", "discharge"],
      ["Intensive Outpatient Program", "phq-9", 4, "patient", "admission"],
      ["Intensive Outpatient Program", "gad-7", 4, "patient", "admission"],
      ["Intensive Outpatient Program", "phq-9", 1, "patient", "discharge"],
      ["Outpatient Therapy Program", "phq-9", 5, "patient", "admission"],
      ["Outpatient Therapy Program", "phq-9", 1, "patient", "discharge"],
    ]);
    for (const r of rows) {
      // The PSC-17 is a parent report: a caregiver answers it for a child of 15 at most.
      const facts =
        r.respondent_kind === "patient"
          ? { relationId: 1, respondentType: null, patientAge: 17 }
          : { relationId: 4, respondentType: r.respondent_kind, patientAge: 14 };
      expect(fitsRespondent(r.definition as MeasureDefinition, facts).ok, `${r.name} ${r.definition_id}`).toBe(true);
    }
  });

  it("admits 40 and more episodes spread over the last 18 months, to every program", async () => {
    const all = await episodes();
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(new Set(all.map((e) => e.patient_id)).size).toBeGreaterThanOrEqual(25);
    expect(new Set(all.map((e) => e.program)).size).toBe(3);
    const ages = all.map((e) => daysAgo(e.admission_date));
    expect(Math.max(...ages)).toBeLessThanOrEqual(549);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    // Admissions in at least five of the six quarters of the 18 months.
    const quarters = new Set(ages.map((a) => Math.min(5, Math.floor(a / 92))));
    expect(quarters.size).toBeGreaterThanOrEqual(5);
    // A chart is in a program once at a time, and its episodes do not overlap.
    const byChart = groupBy(all, (e) => e.cca_id);
    for (const list of byChart.values()) {
      for (let k = 1; k < list.length; k++) {
        expect(list[k - 1].discharge_date, list[k].mrn).not.toBeNull();
        expect((list[k - 1].discharge_date as string) < list[k].admission_date, list[k].mrn).toBe(true);
      }
    }
  });

  it("has current admissions, pending discharges and final discharges with varied dispositions", async () => {
    const all = await episodes();
    const open = all.filter((e) => e.discharge_status === null);
    const pending = all.filter((e) => e.discharge_status === "pending");
    const final = all.filter((e) => e.discharge_status === "final");
    expect(open.length).toBeGreaterThanOrEqual(8);
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(final.length).toBeGreaterThanOrEqual(20);
    for (const e of open) expect([e.discharge_date, e.disposition]).toEqual([null, null]);
    for (const e of [...pending, ...final]) {
      expect(e.discharge_date).not.toBeNull();
      expect(e.disposition).not.toBeNull();
    }
    expect(new Set(final.map((e) => e.disposition)).size).toBeGreaterThanOrEqual(4);
  });

  it("completes every scored session of an episode between its admission and its discharge", async () => {
    const byId = new Map((await episodes()).map((e) => [e.id, e]));
    const sessions = await submitted();
    const inEpisodes = sessions.filter((s) => s.episode !== null);
    expect(inEpisodes.length).toBeGreaterThan(200);
    const today = todayIn(ZONE);
    for (const s of inEpisodes) {
      const e = byId.get(s.episode as number);
      const day = todayIn(ZONE, s.completed_at as Date);
      expect(day >= (e?.admission_date as string), `${e?.mrn} ${day}`).toBe(true);
      expect(day <= (e?.discharge_date ?? today), `${e?.mrn} ${day}`).toBe(true);
    }
    // And the other way round: a session answered during an admission counts in it, as at submit.
    const byChart = groupBy(byId.values(), (e) => e.cca_id);
    for (const s of sessions.filter((x) => x.episode === null)) {
      const day = todayIn(ZONE, s.completed_at as Date);
      const during = (byChart.get(s.cca_id) ?? []).filter(
        (e) => day >= e.admission_date && day <= (e.discharge_date ?? today),
      );
      expect(during, `${s.definition_id} ${day}`).toEqual([]);
    }
    // Each episode's sessions run across its length: most have three or more.
    const perEpisode = groupBy(inEpisodes, (s) => s.episode);
    expect([...perEpisode.values()].filter((list) => list.length >= 3).length).toBeGreaterThanOrEqual(30);
  });

  it("scores every episode session as the engine scores its stored answers", async () => {
    const sessions = (await submitted()).filter((s) => s.episode !== null);
    const answers = await t.db.selectFrom("answer").select(["client_measure_id", "question_id", "value"]).execute();
    const byCm = groupBy(answers, (a) => a.client_measure_id);
    const scores = groupBy(
      await t.db.selectFrom("measure_score").select(["client_measure_id", "score_type", "value"]).execute(),
      (s) => s.client_measure_id,
    );
    expect(new Set(sessions.map((s) => s.definition_id))).toEqual(new Set(["phq-9", "gad-7", "psc-17"]));
    for (const s of sessions) {
      const given = Object.fromEntries((byCm.get(s.id) ?? []).map((a) => [a.question_id, a.value])) as Answers;
      const result = scoreSession(measureDefinition(s.definition_id) as MeasureDefinition, given, {
        gender: s.gender as "m",
      });
      expect(result.scorable).toBe(true);
      expect(s.severity).toBe(result.severity?.label ?? null);
      const stored = (scores.get(s.id) ?? []).map((r) => [r.score_type, Number(r.value)]).sort();
      const expected = scoreRows(s.id, result)
        .map((r) => [r.score_type, r.value])
        .sort();
      expect(stored).toEqual(expected);
    }
  });

  it("shows improving, flat and worsening PHQ-9 paths across the finished episodes", async () => {
    const byId = new Map((await episodes()).map((e) => [e.id, e]));
    const rows = await t.db
      .selectFrom("client_measure as cm")
      .innerJoin("measure as m", "m.id", "cm.measure_id")
      .innerJoin("measure_score as ms", (j) =>
        j.onRef("ms.client_measure_id", "=", "cm.id").on("ms.score_type", "=", "total_score"),
      )
      .select(["cm.access_control_program_id as episode", "ms.value"])
      .where("m.definition_id", "=", "phq-9")
      .where("cm.status", "=", "submitted")
      .where("cm.access_control_program_id", "is not", null)
      .orderBy("cm.completed_at")
      .execute();
    const changes = [...groupBy(rows, (r) => r.episode).entries()]
      .filter(([id, list]) => byId.get(id as number)?.discharge_status === "final" && list.length >= 2)
      .map(([, list]) => Number(list.at(-1)?.value) - Number(list[0].value));
    expect(changes.filter((c) => c <= -5).length).toBeGreaterThanOrEqual(3);
    expect(changes.filter((c) => c >= 5).length).toBeGreaterThanOrEqual(3);
    expect(changes.filter((c) => Math.abs(c) <= 3).length).toBeGreaterThanOrEqual(3);
  });

  it("finalizes a discharge only with its discharge measures submitted and its alerts acknowledged", async () => {
    const final = (await episodes()).filter((e) => e.discharge_status === "final");
    const discharge = await t.db
      .selectFrom("schedule as s")
      .innerJoin("client_measure as cm", "cm.schedule_id", "s.id")
      .select(["s.access_control_program_id as episode", "s.enabled", "cm.status", "cm.completed_at"])
      .where("s.program_timing", "=", "discharge")
      .execute();
    // Only the adolescent program can have none: its PSC-17 needs a caregiver and a child of 15 at most.
    const without = final.filter((e) => !discharge.some((d) => d.episode === e.id));
    expect(without.filter((e) => e.program !== "Adolescent Program")).toEqual([]);
    expect(without.length).toBeLessThan(final.length / 2);
    for (const e of final) {
      for (const d of discharge.filter((x) => x.episode === e.id)) {
        expect(d.status, e.mrn).toBe("submitted");
        expect((d.completed_at as Date) <= (e.discharge_final_at as Date)).toBe(true);
      }
      const alerts = await t.db
        .selectFrom("alert as a")
        .innerJoin("client_measure as cm", "cm.id", "a.client_measure_id")
        .select(["a.acknowledged_at"])
        .where("cm.access_control_program_id", "=", e.id)
        .execute();
      for (const a of alerts) {
        expect(a.acknowledged_at, e.mrn).not.toBeNull();
        expect((a.acknowledged_at as Date) <= (e.discharge_final_at as Date)).toBe(true);
      }
      const stillOpen = await t.db
        .selectFrom("client_measure")
        .select("id")
        .where("access_control_program_id", "=", e.id)
        .where("status", "in", ["not_started", "partial"])
        .execute();
      expect(stillOpen, e.mrn).toEqual([]);
      const enabled = await t.db
        .selectFrom("schedule")
        .select("id")
        .where("access_control_program_id", "=", e.id)
        .where("enabled", "=", true)
        .execute();
      expect(enabled, e.mrn).toEqual([]);
    }
    const acknowledged = await sql<{ n: number }>`select count(*)::int as n from alert a
      join client_measure cm on cm.id = a.client_measure_id
      join access_control_program acp on acp.id = cm.access_control_program_id
      where acp.discharge_status = 'final'`.execute(t.db);
    expect(acknowledged.rows[0].n).toBeGreaterThan(0);
  });

  it("shows every pending discharge waiting for a discharge measure or an alert, on the chart's Programs tab", async () => {
    const pending = (await episodes()).filter((e) => e.discharge_status === "pending");
    const waits = { measures: 0, alerts: 0 };
    for (const e of pending) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/patients/${e.patient_id}/programs`,
        headers: await authHeader(t.db, admin),
      });
      expect(res.statusCode).toBe(200);
      const row = res.json().rows.find((r: { accessControlProgramId: number }) => r.accessControlProgramId === e.id);
      expect(row).toMatchObject({ status: "discharge_pending", disposition: e.disposition });
      expect(row.waiting.measures + row.waiting.alerts, e.mrn).toBeGreaterThan(0);
      waits.measures += row.waiting.measures;
      waits.alerts += row.waiting.alerts;
    }
    expect(waits.measures).toBeGreaterThan(0);
  });

  it("has Jordan Rivera in the Intensive Outpatient Program since recently, with his next measures from it not due today", async () => {
    const jordan = (await episodes()).filter((e) => e.mrn === "MRN1001");
    expect(jordan).toEqual([
      expect.objectContaining({
        program: "Intensive Outpatient Program",
        discharge_date: null,
        discharge_status: null,
      }),
    ]);
    expect(daysAgo(jordan[0].admission_date)).toBeLessThanOrEqual(42);
    const upcoming = await t.db
      .selectFrom("client_measure as cm")
      .innerJoin("measure as m", "m.id", "cm.measure_id")
      .select(["m.definition_id", "cm.due_date", "cm.access_control_program_id"])
      .where("cm.access_control_program_id", "=", jordan[0].id)
      .where("cm.status", "=", "not_started")
      .execute();
    expect(upcoming.map((u) => u.definition_id).sort()).toEqual(["gad-7", "phq-9"]);
    for (const u of upcoming) expect(u.due_date.toISOString().slice(0, 10) > todayIn(ZONE)).toBe(true);
  });

  it("plans the same admissions on every start of a given day", () => {
    const today = todayIn(ZONE);
    expect(planDemoEpisodes(today)).toEqual(planDemoEpisodes(today));
  });
});
