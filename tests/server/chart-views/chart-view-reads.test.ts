import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { addDays, todayIn } from "../../../src/shared/scheduling/due-dates.ts";
import {
  type ChartWithRespondent,
  chartWithRespondent,
  dueDate,
  type Headers,
  linkedRespondent,
  measureId,
  schedule,
} from "../../helpers/measures.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers } from "../../helpers/users.ts";

const dayOf = (iso: string | null) => iso?.slice(0, 10) ?? null;

describe.each(DATABASES)("the chart's measure views on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  let pat: ChartWithRespondent;
  let other: ChartWithRespondent;
  let parentCcauId: number;
  let phq9: number;
  let gad7: number;
  const submitted: number[] = [];
  let today: string;
  let anchor: string;

  async function completePhq9(values: number[]): Promise<number> {
    const cm = (await schedule(t.app, h.A, { ccauId: pat.ccauId, measureId: phq9, dueDate: dueDate(1), confirm: true }))
      .clientMeasure.id;
    const res = await t.app.inject({
      method: "POST",
      url: `/api/questionnaires/${cm}`,
      headers: pat.respondent,
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
    const staff = await signInUsers(t.db, { A: ["clinician"], B: ["clinician"] });
    Object.assign(h, staff.headers);
    phq9 = await measureId(t.db, "phq-9");
    gad7 = await measureId(t.db, "gad-7");
    pat = await chartWithRespondent(t.app, t.db, h.A, {
      first_name: "Casey",
      last_name: "Chart",
      birth_date: "1985-05-05",
      clinicians: [staff.ids.A],
    });
    other = await chartWithRespondent(t.app, t.db, h.B, {
      first_name: "Dana",
      last_name: "Elsewhere",
      birth_date: "1979-09-09",
      clinicians: [staff.ids.B],
    });
    parentCcauId = (await linkedRespondent(t.db, pat.ccaId, { username: "chartparent", relationId: 4 })).ccauId;
    submitted.push(await completePhq9([3, 3, 2, 2, 2, 2, 2, 2, 2, 0])); // 20, Severe
    submitted.push(await completePhq9([1, 1, 1, 1, 1, 1, 1, 1, 0, 0])); // 8, Mild
    // A weekly GAD-7 anchored 20 days ago, its first occurrence missed: next due is tomorrow, not the anchor.
    today = todayIn("America/New_York");
    anchor = addDays(today, -20);
    const { id: scheduleId } = await t.db
      .insertInto("schedule")
      .values({ ccau_id: pat.ccauId, measure_id: gad7, frequency: 3, due_date: new Date(`${anchor}T00:00:00Z`) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("client_measure")
      .values({
        ccau_id: pat.ccauId,
        measure_id: gad7,
        schedule_id: scheduleId,
        due_date: new Date(`${anchor}T00:00:00Z`),
      })
      .execute();
    // The parent has a measure due tomorrow too, not started (stored directly: the rules of who may
    // answer what are scheduling's business, not these views').
    await t.db
      .insertInto("client_measure")
      .values({ ccau_id: parentCcauId, measure_id: gad7, due_date: new Date(`${dueDate(1).slice(0, 10)}T00:00:00Z`) })
      .execute();
  });
  afterAll(async () => t.close());

  const get = (url: string, who: Headers = h.A) => t.app.inject({ method: "GET", url, headers: who });

  it("latest-session/team: each respondent-measure of the team with its latest completed session", async () => {
    const res = await get(`/api/latest-session/team/${pat.ccaId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ccaId: pat.ccaId, patientId: pat.patientId, totalRecords: 3 });
    const rows = body.rows.map((r: Record<string, unknown>) => [r.ccauId, r.abbreviation]);
    // The patient first, then the parent.
    expect(rows).toEqual([
      [pat.ccauId, "GAD-7"],
      [pat.ccauId, "PHQ-9"],
      [parentCcauId, "GAD-7"],
    ]);
    expect(body.rows[1]).toMatchObject({
      respondent: { name: "Casey Chart", relation_id: 1 },
      sessions_completed: 2,
      latest: { clientMeasureId: submitted[1], score: 8, severity: "Mild" },
    });
    expect(body.rows[0]).toMatchObject({ sessions_completed: 0, latest: null });
    expect(body.rows[2]).toMatchObject({ latest: null, next_due: { status: "not_started" } });
  });

  it("measure-session/team: the chart's sessions due on a day, of every respondent", async () => {
    const tomorrow = dueDate(1).slice(0, 10);
    const res = await get(`/api/measure-session/team/${pat.ccaId}?session_due_date=${tomorrow}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ccaId: pat.ccaId, session_due_date: tomorrow, totalRecords: 3 });
    expect(body.rows.map((r: { status: string; score: number | null }) => [r.status, r.score])).toEqual([
      ["submitted", 20],
      ["submitted", 8],
      ["not_started", null],
    ]);
    expect(body.rows[2]).toMatchObject({ ccauId: parentCcauId, abbreviation: "GAD-7", open: true });
    const none = await get(`/api/measure-session/team/${pat.ccaId}?session_due_date=${addDays(tomorrow, 1)}`);
    expect(none.json()).toMatchObject({ rows: [], totalRecords: 0 });
  });

  it("measure-session/team refuses a missing or malformed date with the schema's message", async () => {
    for (const query of ["", "?session_due_date=tomorrow", "?session_due_date=2026-13-45"]) {
      const res = await get(`/api/measure-session/team/${pat.ccaId}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatch(/Due date (is required|must be a date)/);
    }
  });

  it("respondents/:ccauId/measures: schedules in words with the NEXT due date, counts of sessions", async () => {
    const res = await get(`/api/respondents/${pat.ccauId}/measures`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ccauId: pat.ccauId, ccaId: pat.ccaId, respondent: { name: "Casey Chart" } });
    const gad = body.rows.find((r: { abbreviation: string }) => r.abbreviation === "GAD-7");
    expect(gad.schedules).toHaveLength(1);
    expect(gad.schedules[0]).toMatchObject({ frequency: 3, frequency_information: "Weekly", visit_linked: false });
    expect(dayOf(gad.schedules[0].anchor_date)).toBe(anchor);
    expect(dayOf(gad.schedules[0].due_date)).toBe(addDays(today, 1));
    expect(dayOf(gad.next_due)).toBe(addDays(today, 1));
    expect(gad).toMatchObject({ sessions_completed: 0, sessions_partial: 0 });
    const phq = body.rows.find((r: { abbreviation: string }) => r.abbreviation === "PHQ-9");
    // Two One Time schedules, both answered: nothing more to come.
    expect(phq).toMatchObject({ sessions_completed: 2, next_due: null });
    expect(phq.schedules.map((s: { due_date: string | null }) => s.due_date)).toEqual([null, null]);
  });

  it("the chart overview shows the same next due date, not the anchor", async () => {
    const overview = (await get(`/api/overview/measures/${pat.ccauId}`)).json();
    const gad = overview.rows.find((r: { abbreviation: string }) => r.abbreviation === "GAD-7");
    expect(dayOf(gad.next_schedules[0].due_date)).toBe(addDays(today, 1));
  });

  it("overview/measures/:ccauId/:measureId: one measure's score history with each session", async () => {
    const res = await get(`/api/overview/measures/${pat.ccauId}/${phq9}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ccauId: pat.ccauId,
      ccaId: pat.ccaId,
      measure: { measureLibraryId: phq9, abbreviation: "PHQ-9", is_scorable: true },
      points: [
        { clientMeasureId: submitted[0], score: 20, severity: "Severe" },
        { clientMeasureId: submitted[1], score: 8, severity: "Mild" },
      ],
    });
    const notGiven = await get(`/api/overview/measures/${parentCcauId}/${phq9}`);
    expect(notGiven.statusCode).toBe(404);
    expect((await get(`/api/overview/measures/${pat.ccauId}/phq`)).statusCode).toBe(400);
  });

  it("overview/answers-report without an id: the latest submitted session's report", async () => {
    const res = await get(`/api/overview/answers-report?ccauId=${pat.ccauId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ clientMeasureId: submitted[1], score: { total: 8 } });
    const ofMeasure = await get(`/api/overview/answers-report?ccauId=${pat.ccauId}&measureId=${phq9}`);
    expect(ofMeasure.json().clientMeasureId).toBe(submitted[1]);
    expect((await get(`/api/overview/answers-report?ccauId=${pat.ccauId}&measureId=${gad7}`)).statusCode).toBe(404);
    const missing = await get("/api/overview/answers-report");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("Respondent is required");
  });

  it("answers a clinician outside the chart 404, as for a chart that does not exist, and a respondent 403", async () => {
    const urls = [
      `/api/latest-session/team/${pat.ccaId}`,
      `/api/measure-session/team/${pat.ccaId}?session_due_date=${today}`,
      `/api/respondents/${pat.ccauId}/measures`,
      `/api/overview/measures/${pat.ccauId}/${phq9}`,
      `/api/overview/answers-report?ccauId=${pat.ccauId}`,
    ];
    for (const url of urls) {
      const outside = await get(url, h.B);
      expect(outside.statusCode, url).toBe(404);
      expect(outside.body).not.toContain("Casey");
      expect((await get(url, pat.respondent)).statusCode, url).toBe(403);
    }
    // B's own chart answers B.
    expect((await get(`/api/latest-session/team/${other.ccaId}`, h.B)).statusCode).toBe(200);
    expect((await get("/api/latest-session/team/99999999", h.A)).statusCode).toBe(404);
    expect((await get("/api/latest-session/team/abc", h.A)).statusCode).toBe(400);
  });

  it("records each read in the audit trail", async () => {
    await get(`/api/respondents/${pat.ccauId}/measures`);
    await t.app.auditTrail.flush();
    const row = await t.db
      .selectFrom("audit_event")
      .select(["action", "record_type", "record_id"])
      .where("action", "=", "measure.list-read")
      .orderBy("seq", "desc")
      .executeTakeFirst();
    expect(row).toMatchObject({ record_type: "respondent", record_id: pat.ccauId });
  });
});
