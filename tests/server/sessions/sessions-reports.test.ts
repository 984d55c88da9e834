import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import {
  type ChartWithRespondent,
  chartWithRespondent,
  dueDate,
  type Headers,
  measureId,
  schedule,
} from "../../helpers/measures.ts";
import { superviseClinicians } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers } from "../../helpers/users.ts";

type Values = number[];

const CONTACTED = { disposition: "patient_contacted", note: "Called; safe at home" };

describe.each(DATABASES)("session reports, overview and alerts on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  const u: Record<string, number> = {};
  let pat: ChartWithRespondent;
  let other: ChartWithRespondent;
  let phq9: number;
  const sessions: number[] = [];
  let partial: number;

  /** Answers PHQ-9 q1..q9 (and q10) and submits, as the respondent. */
  async function completePhq9(who: ChartWithRespondent, values: Values): Promise<number> {
    const cm = (await schedule(t.app, h.A, { ccauId: who.ccauId, measureId: phq9, dueDate: dueDate(1), confirm: true }))
      .clientMeasure.id;
    const res = await t.app.inject({
      method: "POST",
      url: `/api/questionnaires/${cm}`,
      headers: who.respondent,
      payload: {
        completed: true,
        pageId: "p1",
        questionAnswers: values.map((value, k) => ({ questionId: `q${k + 1}`, value, seq: k + 1 })),
      },
    });
    if (res.statusCode !== 200) throw new Error(`submit: ${res.statusCode} ${res.body}`);
    return cm;
  }

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const staff = await signInUsers(t.db, {
      A: ["clinician"],
      B: ["clinician"],
      S: ["supervisor"],
      staff: ["staff"],
      director: ["director"],
    });
    Object.assign(h, staff.headers);
    Object.assign(u, staff.ids);
    await superviseClinicians(t.db, u.S, [u.A]);
    phq9 = await measureId(t.db, "phq-9");
    pat = await chartWithRespondent(t.app, t.db, h.A, {
      first_name: "Riley",
      last_name: "Report",
      birth_date: "1988-08-08",
      clinicians: [u.A],
    });
    other = await chartWithRespondent(t.app, t.db, h.B, {
      first_name: "Blair",
      last_name: "Elsewhere",
      birth_date: "1977-07-07",
      clinicians: [u.B],
    });
    // 20 (Severe, item 9 = 2) -> 16 (Moderately severe) -> 8 (Mild): improving by 12 points.
    sessions.push(await completePhq9(pat, [3, 3, 2, 2, 2, 2, 2, 2, 2, 2]));
    sessions.push(await completePhq9(pat, [2, 2, 2, 2, 2, 2, 2, 2, 0, 1]));
    sessions.push(await completePhq9(pat, [1, 1, 1, 1, 1, 1, 1, 1, 0, 0]));
    // Blair answers item 9 and stops: an alert on a chart only B sees.
    partial = (await schedule(t.app, h.B, { ccauId: other.ccauId, measureId: phq9, dueDate: dueDate(2) })).clientMeasure
      .id;
    const risk = await t.app.inject({
      method: "PUT",
      url: `/api/questionnaires/${partial}/page/p1/question/q9`,
      headers: other.respondent,
      payload: { value: 3, seq: 1 },
    });
    expect(risk.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Headers) => t.app.inject({ method: "GET", url, headers });

  describe("session report", () => {
    it("gives the clinician answers with labels, score, severity, cut-off, change since first and previous, alerts", async () => {
      const res = await get(`/api/measure-session/${sessions[2]}/session-report`, h.A);
      expect(res.statusCode).toBe(200);
      const report = res.json();
      expect(report).toMatchObject({
        audition: false,
        clientMeasureId: sessions[2],
        status: "submitted",
        ccauId: pat.ccauId,
        ccaId: pat.ccaId,
        patient: { id: pat.patientId, full_name: "Riley Report" },
        completed_by: { id: pat.respondentId, name: "Riley Report" },
        measure: { abbreviation: "PHQ-9", version: "1.0.0", range: { min: 0, max: 27 } },
        score: {
          scorable: true,
          total: 8,
          severity: { label: "Mild", min: 5, max: 9 },
          cutoff: { value: 10, direction: ">=" },
          cutoffCrossed: false,
        },
        comparison: {
          sinceFirst: { from: 20, to: 8, change: -12, direction: "improved", reliableChange: "reliable improvement" },
          sincePrevious: { from: 16, to: 8, change: -8, direction: "improved", reliableChange: "reliable improvement" },
        },
        alerts: [],
      });
      expect(report.answers).toHaveLength(10);
      expect(report.answers[0]).toMatchObject({
        questionId: "q1",
        number: 1,
        text: "Little interest or pleasure in doing things",
        value: 1,
        labels: ["Several days"],
        score: 1,
        hidden: false,
      });
      expect(report.answers[9]).toMatchObject({ questionId: "q10", labels: ["Not difficult at all"], score: null });

      const first = (await get(`/api/overview/answers-report/${sessions[0]}`, h.A)).json();
      expect(first.comparison).toEqual({ sinceFirst: null, sincePrevious: null });
      expect(first.score).toMatchObject({ total: 20, severity: { label: "Severe" }, cutoffCrossed: true });
      expect(first.alerts).toEqual([
        expect.objectContaining({
          rule_id: "phq-9-item-9-suicide-risk",
          level: "critical",
          questionId: "q9",
          acknowledged_data: null,
        }),
      ]);
    });

    it("lets the respondent who answered read their own report, without the clinical alerts", async () => {
      const res = await get(`/api/measure-session/${sessions[0]}/session-report`, pat.respondent);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ score: { total: 20 }, alerts: [] });
      expect((await get(`/api/measure-session/${sessions[0]}/session-report`, other.respondent)).statusCode).toBe(404);
      expect((await get(`/api/overview/answers-report/${sessions[0]}`, pat.respondent)).statusCode).toBe(403);
    });

    it("shows a partial session's answers and alerts but no score", async () => {
      const report = (await get(`/api/overview/answers-report/${partial}`, h.B)).json();
      expect(report).toMatchObject({ status: "partial", score: null, comparison: null });
      expect(report.alerts).toHaveLength(1);
      expect(report.answers[8]).toMatchObject({ value: 3, labels: ["Nearly every day"] });
    });

    it("answers 404 to a clinician outside the chart, and 400 to a non-numeric id", async () => {
      expect((await get(`/api/measure-session/${sessions[0]}/session-report`, h.B)).statusCode).toBe(404);
      expect((await get(`/api/overview/answers-report/${sessions[0]}`, h.B)).statusCode).toBe(404);
      expect((await get(`/api/overview/answers-report/${partial}`, h.A)).statusCode).toBe(404);
      expect((await get(`/api/measure-session/${sessions[0]}/session-report`, h.S)).statusCode).toBe(200);
      expect((await get("/api/overview/answers-report/x1", h.A)).statusCode).toBe(400);
    });
  });

  describe("measures overview", () => {
    it("gives per measure the completed sessions, progress chart, next due session and schedules", async () => {
      const next = await schedule(t.app, h.A, {
        ccauId: pat.ccauId,
        measureId: phq9,
        dueDate: dueDate(6),
        frequency: 5,
      });
      const res = await get(`/api/overview/measures/${pat.ccauId}`, h.A);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ ccauId: pat.ccauId, patientId: pat.patientId, totalRecords: 1 });
      const phq = body.rows[0];
      expect(phq).toMatchObject({
        abbreviation: "PHQ-9",
        sessions_completed: 3,
        latest: { clientMeasureId: sessions[2], score: 8, severity: "Mild" },
        next_due: { clientMeasureId: next.clientMeasure.id, status: "not_started" },
        progress_chart: { is_scorable: true, show_chart: true },
      });
      expect(phq.progress_chart.sessions_progress_results.map((p: { score: number }) => p.score)).toEqual([20, 16, 8]);
      // Only the first session answered item 9 above 0: its point carries the alert, so the chart can mark it.
      const alerts = phq.progress_chart.sessions_progress_results.map((p: { alerts: string[] }) => p.alerts);
      expect(alerts[0]).toEqual([expect.stringMatching(/\S/)]);
      expect(alerts.slice(1)).toEqual([[], []]);
      expect(phq.next_schedules.at(-1)).toMatchObject({ frequency: 5, frequency_information: "Monthly" });
      expect((await get(`/api/overview/measures/${pat.ccauId}`, h.B)).statusCode).toBe(404);
    });
  });

  describe("alerts", () => {
    it("lists active alerts of the charts the clinician sees, per view, with the contract's row shape", async () => {
      const mine = (await get("/api/measure-alerts", h.A)).json();
      expect(mine).toMatchObject({ totalRecords: 1, status: "active", patientSelector: "my" });
      expect(mine.rows[0]).toEqual({
        id: expect.any(Number),
        measure: "PHQ-9",
        measure_name: "Patient Health Questionnaire-9",
        measureId: phq9,
        patient: "Riley Report",
        patientId: pat.patientId,
        ccaId: pat.ccaId,
        ccauId: pat.ccauId,
        clientMeasureId: sessions[0],
        rule_id: "phq-9-item-9-suicide-risk",
        level: "critical",
        message: expect.stringContaining("Suicide risk"),
        time: expect.any(String),
        overdue: false,
        escalated_at: null,
        acknowledged_data: null,
      });
      expect((await get("/api/measure-alerts", h.B)).json().rows.map((r: { patient: string }) => r.patient)).toEqual([
        "Blair Elsewhere",
      ]);
      expect((await get("/api/measure-alerts", h.S)).json()).toMatchObject({
        patientSelector: "supervised",
        totalRecords: 1,
      });
      const staff = (await get("/api/measure-alerts?patientSelector=all", h.staff)).json();
      expect(staff.totalRecords).toBe(2);
      expect((await get("/api/measure-alerts?patientSelector=all", h.A)).statusCode).toBe(403);
      expect((await get("/api/measure-alerts/active-alerts-count", h.A)).json()).toEqual({ count: 1 });
      expect((await get("/api/measure-alerts/active-alerts-count", h.staff)).json()).toEqual({ count: 2 });
      expect((await get("/api/measure-alerts?status=open", h.A)).statusCode).toBe(400);
    });

    it("acknowledges once, idempotently, and only inside the clinician's charts", async () => {
      const alertId = (await get("/api/measure-alerts", h.A)).json().rows[0].id;
      const ack = (who: string, id: number | string = alertId, payload: object = CONTACTED) =>
        t.app.inject({ method: "POST", url: `/api/measure-alerts/acknowledge/${id}`, headers: h[who], payload });

      expect((await ack("B")).statusCode).toBe(404);
      expect((await ack("director")).statusCode).toBe(403);
      expect((await ack("A", "abc")).statusCode).toBe(400);
      expect((await ack("A", 999999)).statusCode).toBe(404);
      const first = await ack("A");
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        id: alertId,
        acknowledgedNow: true,
        acknowledged_data: {
          clinicianId: u.A,
          clinician: "A Tester",
          date: expect.any(String),
          disposition: "patient_contacted",
          note: "Called; safe at home",
        },
      });
      const again = await ack("S");
      expect(again.json()).toMatchObject({ acknowledgedNow: false, acknowledged_data: first.json().acknowledged_data });

      expect((await get("/api/measure-alerts", h.A)).json().totalRecords).toBe(0);
      const acknowledged = (await get("/api/measure-alerts?status=acknowledged", h.A)).json();
      expect(acknowledged.totalRecords).toBe(1);
      expect(acknowledged.rows[0].acknowledged_data).toMatchObject({ disposition: "patient_contacted" });
      expect((await get("/api/measure-alerts?status=all", h.A)).json().totalRecords).toBe(1);
      expect((await get("/api/measure-alerts/active-alerts-count", h.A)).json()).toEqual({ count: 0 });
      const report = (await get(`/api/overview/answers-report/${sessions[0]}`, h.A)).json();
      expect(report.alerts[0].acknowledged_data).toMatchObject({
        clinicianId: u.A,
        disposition: "patient_contacted",
        note: "Called; safe at home",
      });
    });

    it("refuses an acknowledgement without a disposition, or Other without a note, with the schema's message", async () => {
      const alertId = (await get("/api/measure-alerts?status=all", h.A)).json().rows[0].id;
      await t.db
        .updateTable("alert")
        .set({ acknowledged_by: null, acknowledged_at: null })
        .where("id", "=", alertId)
        .execute();
      const ack = (payload: object) =>
        t.app.inject({ method: "POST", url: `/api/measure-alerts/acknowledge/${alertId}`, headers: h.A, payload });

      const missing = await ack({});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe("Choose what was done about the alert");
      expect((await ack({ disposition: "shrugged" })).json().error).toBe("Choose what was done about the alert");
      const bareOther = await ack({ disposition: "other" });
      expect(bareOther.statusCode).toBe(400);
      expect(bareOther.json().error).toBe("Describe what was done in the note");
      expect((await ack({ disposition: "other", note: "   " })).json().error).toBe(
        "Describe what was done in the note",
      );
      const long = await ack({ disposition: "not_significant", note: "x".repeat(1001) });
      expect(long.statusCode).toBe(400);
      expect(long.json().error).toBe("Note must be at most 1000 characters");
      // Nothing was recorded by the refused calls.
      expect((await get("/api/measure-alerts/active-alerts-count", h.A)).json()).toEqual({ count: 1 });

      const other = await ack({ disposition: "other", note: "Discussed with supervisor" });
      expect(other.json().acknowledged_data).toMatchObject({ disposition: "other", note: "Discussed with supervisor" });
    });

    it("lets only the person who acknowledged undo it, only within the window", async () => {
      const alertId = (await get("/api/measure-alerts?status=all", h.A)).json().rows[0].id;
      const undo = (who: string) =>
        t.app.inject({ method: "POST", url: `/api/measure-alerts/unacknowledge/${alertId}`, headers: h[who] });
      const ack = () =>
        t.app.inject({
          method: "POST",
          url: `/api/measure-alerts/acknowledge/${alertId}`,
          headers: h.A,
          payload: CONTACTED,
        });
      expect((await ack()).statusCode).toBe(200);

      const bySupervisor = await undo("S");
      expect(bySupervisor.statusCode).toBe(403);
      expect(bySupervisor.json().error).toMatch(/Only the person who acknowledged/);
      expect((await undo("B")).statusCode).toBe(404);

      const undone = await undo("A");
      expect(undone.statusCode).toBe(200);
      expect(undone.json()).toMatchObject({ id: alertId, acknowledged_data: null });
      expect((await get("/api/measure-alerts/active-alerts-count", h.A)).json()).toEqual({ count: 1 });
      // The audit trail writes the route's event once the answer is sent.
      await vi.waitFor(async () => {
        const events = await t.db
          .selectFrom("audit_event")
          .select(["user_id", "record_id", "outcome"])
          .where("action", "=", "alert.unacknowledge")
          .execute();
        expect(events).toContainEqual({ user_id: u.A, record_id: alertId, outcome: "success" });
      });

      expect((await ack()).json().acknowledgedNow).toBe(true);
      await t.db
        .updateTable("alert")
        .set({ acknowledged_at: new Date(Date.now() - 60_000) })
        .where("id", "=", alertId)
        .execute();
      const late = await undo("A");
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe("The acknowledgement can no longer be undone.");
      expect((await get("/api/measure-alerts/active-alerts-count", h.A)).json()).toEqual({ count: 0 });
    });

    it("lists one patient's alerts, 404 outside the clinician's charts", async () => {
      const res = await get(`/api/patients/${pat.patientId}/alerts`, h.A);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ totalRecords: 1, status: "all" });
      expect((await get(`/api/patients/${pat.patientId}/alerts?status=active`, h.A)).json().totalRecords).toBe(0);
      expect((await get(`/api/patients/${other.patientId}/alerts`, h.A)).statusCode).toBe(404);
      expect((await get(`/api/patients/${other.patientId}/alerts`, h.B)).json().totalRecords).toBe(1);
      expect((await get("/api/patients/999999/alerts", h.staff)).statusCode).toBe(404);
    });

    it("tells the same total on every page: full pages count, a short page ends the list, a page past the end counts", async () => {
      // Two more answers of item 9: Riley's chart then has at least three alerts, two pages of two.
      await completePhq9(pat, [1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
      await completePhq9(pat, [1, 1, 1, 1, 1, 1, 1, 1, 2, 0]);
      const list = (query: string) => get(`/api/patients/${pat.patientId}/alerts?status=all&${query}`, h.A);
      const whole = (await list("pageSize=100")).json();
      expect(whole.totalRecords).toBe(whole.rows.length);
      expect(whole.totalRecords).toBeGreaterThanOrEqual(3);
      const pages = Math.ceil(whole.totalRecords / 2);
      const seen: number[] = [];
      for (let page = 1; page <= pages + 1; page++) {
        const res = (await list(`pageSize=2&page=${page}`)).json();
        expect(res.totalRecords, `page ${page}`).toBe(whole.totalRecords);
        seen.push(...res.rows.map((r: { id: number }) => r.id));
      }
      expect(seen).toEqual(whole.rows.map((r: { id: number }) => r.id));
      const mine = (await get("/api/measure-alerts?status=all&pageSize=100", h.A)).json();
      expect((await get("/api/measure-alerts?status=all&pageSize=1&page=2", h.A)).json().totalRecords).toBe(
        mine.totalRecords,
      );
    });
  });
});
