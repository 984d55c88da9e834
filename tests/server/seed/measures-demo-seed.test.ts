import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { seedDemoIfEmpty } from "../../../src/server/seed/demo.ts";
import { historyDaysAgo } from "../../../src/server/seed/demo-measures.ts";
import { DEMO_RESPONDENT_LOGINS } from "../../../src/server/seed/demo-respondents.ts";
import { measureDefinition } from "../../../src/shared/measures/library.ts";
import type { MeasureDefinition } from "../../../src/shared/measures/types.ts";
import { type Answers, scoreSession } from "../../../src/shared/scoring/index.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { authHeader } from "../../helpers/users.ts";

describe.each(DATABASES)("demo measure histories on $name", (database) => {
  let t: TestApp;
  let seedMs: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const started = performance.now();
    await seedDemoIfEmpty(t.db);
    seedMs = performance.now() - started;
  });
  afterAll(async () => t.close());

  const sessions = () =>
    t.db
      .selectFrom("client_measure as cm")
      .innerJoin("measure as m", "m.id", "cm.measure_id")
      .innerJoin("cca_user as cu", "cu.id", "cm.ccau_id")
      .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
      .innerJoin("patient as p", "p.id", "cca.patient_id")
      .leftJoin("measure_score as ms", (j) =>
        j.onRef("ms.client_measure_id", "=", "cm.id").on("ms.score_type", "=", "total_score"),
      )
      .select([
        "cm.id",
        "cm.status",
        "cm.completed_at",
        "cm.due_date",
        "cm.severity",
        "cu.relation_id",
        "p.mrn",
        "p.gender",
      ])
      .select(["m.definition_id", "ms.value as total"])
      .orderBy("cm.completed_at")
      .execute();

  it("gives most patients 3 to 8 submitted two-weekly PHQ-9 and GAD-7 sessions on their own link, quickly", async () => {
    expect(seedMs).toBeLessThan(20_000);
    // The clinic history: sessions since the chart's first history day (demo-measures.ts); the
    // admissions of demo-admissions.ts end earlier, or take these sessions over without adding any.
    const firstDay = (mrn: string) => {
      const days = historyDaysAgo(Number(mrn.slice(3)) - 1001);
      return days.length ? Date.now() - (days[0] + 1) * 86_400_000 : null;
    };
    const all = await sessions();
    const submitted = all.filter(
      (s) =>
        s.status === "submitted" &&
        ["phq-9", "gad-7"].includes(s.definition_id) &&
        firstDay(s.mrn) !== null &&
        (s.completed_at as Date).getTime() >= (firstDay(s.mrn) as number),
    );
    const perPatient = new Map<string, Record<string, number>>();
    for (const s of submitted) {
      expect(s.relation_id).toBe(1);
      const counts = perPatient.get(s.mrn) ?? {};
      counts[s.definition_id] = (counts[s.definition_id] ?? 0) + 1;
      perPatient.set(s.mrn, counts);
    }
    expect(perPatient.size).toBeGreaterThanOrEqual(40);
    expect(perPatient.size).toBeLessThan(50);
    for (const counts of perPatient.values()) {
      for (const id of ["phq-9", "gad-7"]) {
        expect(counts[id]).toBeGreaterThanOrEqual(3);
        expect(counts[id]).toBeLessThanOrEqual(8);
      }
    }
    expect(
      all.every((s) => s.status !== "submitted" || (s.completed_at && s.completed_at.getTime() < Date.now())),
    ).toBe(true);
  });

  it("scores every seeded session exactly as the engine scores its stored answers", async () => {
    const submitted = (await sessions()).filter((s) => s.status === "submitted");
    const answers = await t.db.selectFrom("answer").select(["client_measure_id", "question_id", "value"]).execute();
    const byCm = new Map<number, Record<string, unknown>>();
    for (const a of answers)
      byCm.set(a.client_measure_id, { ...byCm.get(a.client_measure_id), [a.question_id]: a.value });
    for (const s of submitted) {
      const def = measureDefinition(s.definition_id) as MeasureDefinition;
      const result = scoreSession(def, byCm.get(s.id) as Answers, { gender: s.gender as "m" });
      expect([s.total, s.severity]).toEqual([result.total, result.severity?.label ?? null]);
    }
  });

  it("has improving, stable and worsening trajectories", async () => {
    const phq = (await sessions()).filter((s) => s.status === "submitted" && s.definition_id === "phq-9");
    const byPatient = new Map<string, number[]>();
    for (const s of phq) byPatient.set(s.mrn, [...(byPatient.get(s.mrn) ?? []), s.total as number]);
    const changes = [...byPatient.values()].map((totals) => (totals.at(-1) as number) - totals[0]);
    expect(changes.some((c) => c <= -6)).toBe(true);
    expect(changes.some((c) => c >= 6)).toBe(true);
    expect(changes.some((c) => Math.abs(c) <= 3)).toBe(true);
  });

  it("raises PHQ-9 item-9 alerts, some acknowledged by a clinician and some still active", async () => {
    const alerts = await t.db
      .selectFrom("alert as a")
      .innerJoin("client_measure as cm", "cm.id", "a.client_measure_id")
      .innerJoin("answer as q9", (j) => j.onRef("q9.client_measure_id", "=", "cm.id").on("q9.question_id", "=", "q9"))
      .select(["a.rule_id", "a.acknowledged_at", "a.acknowledged_by", "q9.value"])
      .execute();
    expect(alerts.length).toBeGreaterThan(5);
    for (const a of alerts) {
      expect(a.rule_id).toBe("phq-9-item-9-suicide-risk");
      expect(a.value as number).toBeGreaterThan(0);
    }
    expect(alerts.some((a) => a.acknowledged_at === null)).toBe(true);
    expect(alerts.some((a) => a.acknowledged_at !== null && a.acknowledged_by !== null)).toBe(true);
    const withRisk = await t.db
      .selectFrom("answer as q9")
      .innerJoin("client_measure as cm", "cm.id", "q9.client_measure_id")
      .innerJoin("measure as m", "m.id", "cm.measure_id")
      .select("q9.client_measure_id")
      .where("m.definition_id", "=", "phq-9")
      .where("q9.question_id", "=", "q9")
      .where("q9.value", ">", "0" as never)
      .execute();
    // Every item-9 answer above 0 raised its alert: none is missed.
    expect(withRisk).toHaveLength(alerts.length);
  });

  it("leaves the demo clinician an active suicide-risk alert (the clinical review story, tests/e2e/clinical-review.e2e.ts)", async () => {
    const active = await t.db
      .selectFrom("alert as a")
      .innerJoin("cca_clinician as cc", "cc.cca_id", "a.cca_id")
      .innerJoin("app_user as u", "u.id", "cc.clinician_id")
      .select(["a.id", "a.raised_at"])
      .where("u.username", "=", "clinician")
      .where("a.rule_id", "=", "phq-9-item-9-suicide-risk")
      .where("a.acknowledged_at", "is", null)
      .execute();
    expect(active.length).toBeGreaterThanOrEqual(1);
    // Raised days ago: past the default escalation time, so the story sees it Overdue.
    for (const a of active) expect(Date.now() - a.raised_at.getTime()).toBeGreaterThan(24 * 3600_000);
  });

  it("gives Jordan Rivera a PHQ-9 history and, from his program, a PHQ-9 and GAD-7 due soon that the demo respondent can answer", async () => {
    const jordan = (await sessions()).filter((s) => s.mrn === "MRN1001");
    expect(jordan.filter((s) => s.status === "submitted" && s.definition_id === "phq-9").length).toBeGreaterThanOrEqual(
      3,
    );
    // The Intensive Outpatient Program's two-weekly PHQ-9 and GAD-7 (demo-admissions.ts): not due today.
    const open = jordan.filter((s) => s.status === "not_started");
    expect(open.map((s) => s.definition_id).sort()).toEqual(["gad-7", "phq-9"]);
    for (const s of open) expect(s.due_date.getTime()).toBeGreaterThan(Date.now());

    const login = await t.db
      .selectFrom("app_user")
      .select("id")
      .where("username", "=", DEMO_RESPONDENT_LOGINS.patient)
      .executeTakeFirstOrThrow();
    await t.db.updateTable("app_user").set({ hippa_agreement_at: new Date() }).where("id", "=", login.id).execute();
    const res = await t.app.inject({
      method: "GET",
      url: "/api/questionnaires/session",
      headers: await authHeader(t.db, login.id),
    });
    expect(res.statusCode).toBe(200);
    const own = res.json().groups.find((g: { self: boolean }) => g.self);
    expect(own.patient.full_name).toBe("Jordan Rivera");
    expect(own.measures.map((m: { clientMeasureId: number }) => m.clientMeasureId).sort()).toEqual(
      open.map((s) => s.id).sort(),
    );
  });

  it("shows the clinician Jordan's progress chart", async () => {
    const clinician = await t.db
      .selectFrom("app_user")
      .select("id")
      .where("username", "=", "clinician")
      .executeTakeFirstOrThrow();
    const ccau = await t.db
      .selectFrom("cca_user as cu")
      .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
      .innerJoin("patient as p", "p.id", "cca.patient_id")
      .select("cu.id")
      .where("p.mrn", "=", "MRN1001")
      .where("cu.relation_id", "=", 1)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: "GET",
      url: `/api/overview/measures/${ccau.id}`,
      headers: await authHeader(t.db, clinician.id),
    });
    const phq = res.json().rows.find((r: { measure_id: string }) => r.measure_id === "phq-9");
    expect(phq.progress_chart.show_chart).toBe(true);
    expect(phq.sessions_completed).toBe(phq.progress_chart.sessions_progress_results.length);
    expect(phq.next_due).toMatchObject({ status: "not_started" });
  });
});
