import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

type Row = Record<string, unknown> & { id: number; last_name: string };

const CONTACTED = { disposition: "patient_contacted", note: "Called; safe at home" };
/** The ISO text the list answers for a due date sent as "YYYY-MM-DD 00:00:00". */
const dueIso = (days: number) => `${dueDate(days).slice(0, 10)}T00:00:00Z`;

/**
 * The patient list as a triage list (issue 9 §3): what it shows per patient, its sorts by alert
 * and by due date across pages (by number and by cursor), and that no column or sort ever shows
 * a patient outside the caller's access. Clinician A's patients:
 * - Adams: nothing yet;
 * - Baker: PHQ-9 8 (Mild), then a GAD-7 due ten days ago, not done: overdue;
 * - Clark: PHQ-9 20 (Severe) with item 9 answered: an active alert, raised two days ago;
 * - Davis: PHQ-9 9 (Mild) with item 9: the newest active alert; a PHQ-9 due in five days;
 * - Evans: an alert acknowledged (not active); a PHQ-9 due today (not overdue yet).
 * Clinician B's Zed has the newest alert of all and the oldest overdue measure: A never sees it.
 */
describe.each(DATABASES)("patient list triage columns and sorts on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  const u: Record<string, number> = {};
  const p: Record<string, ChartWithRespondent> = {};
  let phq9: number;
  let gad7: number;

  async function submit(who: ChartWithRespondent, measure: number, values: number[], by = h.A): Promise<number> {
    const cm = (
      await schedule(t.app, by, { ccauId: who.ccauId, measureId: measure, dueDate: dueDate(0), confirm: true })
    ).clientMeasure.id;
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

  const chart = (last: string, clinician: number, by = h.A) =>
    chartWithRespondent(t.app, t.db, by, { first_name: "Pat", last_name: last, clinicians: [clinician] });

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const staff = await signInUsers(t.db, { A: ["clinician"], B: ["clinician"], S: ["supervisor"], admin: ["admin"] });
    Object.assign(h, staff.headers);
    Object.assign(u, staff.ids);
    await superviseClinicians(t.db, u.S, [u.A]);
    phq9 = await measureId(t.db, "phq-9");
    gad7 = await measureId(t.db, "gad-7");
    for (const last of ["Adams", "Baker", "Clark", "Davis", "Evans"]) p[last] = await chart(last, u.A);
    p.Zed = await chart("Zed", u.B, h.B);

    await submit(p.Baker, phq9, [1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
    const late = (await schedule(t.app, h.A, { ccauId: p.Baker.ccauId, measureId: gad7 })).clientMeasure.id;
    await sql`update client_measure set due_date = ${`${dueDate(-10)}+00`}::timestamptz where id = ${late}`.execute(
      t.db,
    );

    const clark = await submit(p.Clark, phq9, [3, 3, 2, 2, 2, 2, 2, 2, 2, 2]);
    await sql`update alert set raised_at = now() - interval '2 days' where client_measure_id = ${clark}`.execute(t.db);
    await submit(p.Davis, phq9, [1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    await schedule(t.app, h.A, { ccauId: p.Davis.ccauId, measureId: phq9, dueDate: dueDate(5) });

    const evans = await submit(p.Evans, phq9, [0, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
    const alert = await t.db
      .selectFrom("alert")
      .select("id")
      .where("client_measure_id", "=", evans)
      .executeTakeFirstOrThrow();
    const ack = await t.app.inject({
      method: "POST",
      url: `/api/measure-alerts/acknowledge/${alert.id}`,
      headers: h.A,
      payload: CONTACTED,
    });
    expect(ack.statusCode).toBe(200);
    await schedule(t.app, h.A, { ccauId: p.Evans.ccauId, measureId: phq9, dueDate: dueDate(0), confirm: true });

    await submit(p.Zed, phq9, [3, 3, 3, 3, 3, 3, 3, 3, 3, 0], h.B);
    const zedLate = (await schedule(t.app, h.B, { ccauId: p.Zed.ccauId, measureId: gad7 })).clientMeasure.id;
    await sql`update client_measure set due_date = ${`${dueDate(-30)}+00`}::timestamptz where id = ${zedLate}`.execute(
      t.db,
    );
  });
  afterAll(async () => t.close());

  const list = (who: string, query = "") =>
    t.app.inject({ method: "GET", url: `/api/patients?pageSize=200${query}`, headers: h[who] });
  async function rows(who: string, query = ""): Promise<Row[]> {
    const res = await list(who, query);
    expect(res.statusCode).toBe(200);
    return res.json().rows;
  }
  const names = async (who: string, query = "") => (await rows(who, query)).map((r) => r.last_name);
  const byName = async (who: string) => new Map((await rows(who)).map((r) => [r.last_name, r]));

  /** Every page of a sort, first by page number and then by cursor: both must give the same rows. */
  async function pagedNames(who: string, query: string, pageSize: number): Promise<string[]> {
    const byNumber: string[] = [];
    for (let page = 1; ; page++) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/patients?pageSize=${pageSize}&page=${page}${query}`,
        headers: h[who],
      });
      const found: Row[] = res.json().rows;
      if (found.length === 0) break;
      byNumber.push(...found.map((r) => r.last_name));
    }
    const byCursor: string[] = [];
    let after: string | null = null;
    do {
      const cursor: string = after ? `&after=${after}` : "";
      const res = await t.app.inject({
        method: "GET",
        url: `/api/patients?pageSize=${pageSize}${query}${cursor}`,
        headers: h[who],
      });
      expect(res.statusCode).toBe(200);
      byCursor.push(...res.json().rows.map((r: Row) => r.last_name));
      after = res.json().nextCursor;
    } while (after);
    expect(byCursor).toEqual(byNumber);
    return byNumber;
  }

  it("shows each patient's active alerts, latest score with its severity, next due date and last completed", async () => {
    const seen = await byName("A");
    expect(seen.get("Adams")).toMatchObject({
      active_alert_count: 0,
      latest_score: null,
      next_due: null,
      latest_completed_session_completed_date: null,
    });
    expect(seen.get("Baker")).toMatchObject({
      active_alert_count: 0,
      latest_score: { measure: "PHQ-9", score: 8, severity: "Mild" },
      next_due: { due_date: dueIso(-10), overdue: true },
    });
    expect(seen.get("Clark")).toMatchObject({
      active_alert_count: 1,
      latest_score: { measure: "PHQ-9", score: 20, severity: "Severe" },
      next_due: null,
      latest_completed_session_completed_date: expect.any(String),
    });
    expect(seen.get("Davis")).toMatchObject({
      active_alert_count: 1,
      latest_score: { measure: "PHQ-9", score: 9, severity: "Mild" },
      next_due: { due_date: dueIso(5), overdue: false },
    });
    // An acknowledged alert is no longer active; a measure due today is not overdue until the day is over.
    expect(seen.get("Evans")).toMatchObject({
      active_alert_count: 0,
      latest_score: { measure: "PHQ-9", score: 1, severity: "None/minimal" },
      next_due: { due_date: dueIso(0), overdue: false },
    });
  });

  it("keeps each patient's sort keys equal to what the row shows", async () => {
    for (const row of await rows("admin")) {
      const alerts = await t.db
        .selectFrom("alert")
        .select(sql<Date | null>`max(raised_at)`.as("at"))
        .where("cca_id", "=", row.access_control_id as number)
        .where("acknowledged_at", "is", null)
        .executeTakeFirstOrThrow();
      const alertAt = row.latest_active_alert_at as string | null;
      expect(alertAt ? new Date(alertAt).getTime() : null).toBe(alerts.at ? new Date(alerts.at).getTime() : null);
      expect(alertAt === null).toBe(row.active_alert_count === 0);
      const due = row.next_due as { due_date: string } | null;
      const dueAt = row.next_due_at as string | null;
      expect(dueAt ? new Date(dueAt).getTime() : null).toBe(due ? new Date(due.due_date).getTime() : null);
    }
  });

  it("sorts by alert: active alerts first, newest first, then the rest by name; pages by number and by cursor", async () => {
    const alertFirst = ["Davis", "Clark", "Adams", "Baker", "Evans"];
    expect(await names("A", "&sort=latest_active_alert_at")).toEqual(alertFirst);
    expect(await pagedNames("A", "&sort=latest_active_alert_at", 2)).toEqual(alertFirst);
    // The other way: the longest-waiting alert first; patients without one still last.
    const oldestFirst = ["Clark", "Davis", "Evans", "Baker", "Adams"];
    expect(await pagedNames("A", "&sort=latest_active_alert_at&order=desc", 2)).toEqual(oldestFirst);
  });

  it("sorts by due date: overdue first, oldest first, then the next due, then nothing due", async () => {
    const dueFirst = ["Baker", "Evans", "Davis", "Adams", "Clark"];
    expect(await names("A", "&sort=next_due_at")).toEqual(dueFirst);
    expect(await pagedNames("A", "&sort=next_due_at", 2)).toEqual(dueFirst);
    expect(await pagedNames("A", "&sort=next_due_at&order=desc", 3)).toEqual([
      "Davis",
      "Evans",
      "Baker",
      "Clark",
      "Adams",
    ]);
  });

  it("follows alerts and sessions as they change: acknowledged, undone, disabled", async () => {
    const davisAlert = await t.db
      .selectFrom("alert")
      .select("id")
      .where("cca_id", "=", p.Davis.ccaId)
      .executeTakeFirstOrThrow();
    const ack = (path: string, payload?: object) =>
      t.app.inject({ method: "POST", url: `/api/measure-alerts/${path}/${davisAlert.id}`, headers: h.A, payload });
    expect((await ack("acknowledge", CONTACTED)).statusCode).toBe(200);
    expect((await names("A", "&sort=latest_active_alert_at")).slice(0, 2)).toEqual(["Clark", "Adams"]);
    expect((await byName("A")).get("Davis")).toMatchObject({ active_alert_count: 0, latest_active_alert_at: null });
    expect((await ack("unacknowledge")).statusCode).toBe(200);
    expect((await names("A", "&sort=latest_active_alert_at")).slice(0, 2)).toEqual(["Davis", "Clark"]);

    await sql`update client_measure set status = 'disabled' where ccau_id = ${p.Davis.ccauId} and status = 'not_started'`.execute(
      t.db,
    );
    expect((await byName("A")).get("Davis")).toMatchObject({ next_due: null, next_due_at: null });
    expect(await names("A", "&sort=next_due_at")).toEqual(["Baker", "Evans", "Adams", "Clark", "Davis"]);
    await sql`update client_measure set status = 'not_started' where ccau_id = ${p.Davis.ccauId} and status = 'disabled'`.execute(
      t.db,
    );
    expect((await names("A", "&sort=next_due_at"))[2]).toBe("Davis");
  });

  it("never shows a patient outside the caller's access, whatever the sort, page or search", async () => {
    for (const sort of ["latest_active_alert_at", "next_due_at"]) {
      for (const order of ["asc", "desc"]) {
        const query = `&sort=${sort}&order=${order}`;
        expect(await pagedNames("A", query, 2)).not.toContain("Zed");
        expect(await pagedNames("S", query, 2)).not.toContain("Zed");
      }
    }
    expect(await names("A", "&search=Zed")).toEqual([]);
    // Staff with every patient see Zed's newest alert and oldest overdue measure first.
    expect((await names("admin", "&sort=latest_active_alert_at"))[0]).toBe("Zed");
    expect((await names("admin", "&sort=next_due_at"))[0]).toBe("Zed");
    expect((await names("S", "&view=supervised&sort=latest_active_alert_at")).slice(0, 2)).toEqual(["Davis", "Clark"]);
  });

  it("refuses a view the caller does not have, saying which views they have", async () => {
    const mine = await list("A", "&view=all");
    expect(mine.statusCode).toBe(403);
    expect(mine.json()).toMatchObject({
      code: "forbidden",
      error: "You can't use the view \"All patients\". Your views: My patients, My teams' patients.",
    });
    const supervisor = await list("S", "&view=all");
    expect(supervisor.statusCode).toBe(403);
    expect(supervisor.json().error).toBe(
      "You can't use the view \"All patients\". Your views: Supervised patients, My patients, My teams' patients.",
    );
    expect((await list("A", "&view=everyone")).statusCode).toBe(400);
    expect((await list("admin")).json()).toMatchObject({ view: "all", views: ["all"] });
  });
});
