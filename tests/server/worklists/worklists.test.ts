import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { type ChartWithRespondent, type Headers, measureId, schedule } from "../../helpers/measures.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers } from "../../helpers/users.ts";
import { chartFor, day, dueOn, noonUtc, submitResult } from "./worklist-fixture.ts";

type Row = Record<string, unknown> & { id: number; patient_name: string; measure: string };

/**
 * Home's worklists (issue 10 §3): what is due in a range and what was completed in one, for the
 * charts the caller may see. Clinician A has Adams, Baker and Clark; clinician B has Zed, whose
 * measures and results A must never see.
 * - Adams: PHQ-9 due today; GAD-7 due in 3 days.
 * - Baker: PHQ-9 14 five days ago, then 8 two days ago (down 6: a reliable improvement).
 * - Clark: PHQ-9 with item 9 answered yesterday: an active alert; a GAD-7 due in 10 days.
 * - Zed (B's): PHQ-9 due today, and a result yesterday.
 */
describe.each(DATABASES)("worklists on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  const u: Record<string, number> = {};
  const p: Record<string, ChartWithRespondent> = {};
  const results: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const staff = await signInUsers(t.db, { A: ["clinician"], B: ["clinician"], admin: ["admin"] });
    Object.assign(h, staff.headers);
    Object.assign(u, staff.ids);
    const phq9 = await measureId(t.db, "phq-9");
    const gad7 = await measureId(t.db, "gad-7");
    for (const last of ["Adams", "Baker", "Clark"]) p[last] = await chartFor(t.app, t.db, h.A, last, u.A);
    p.Zed = await chartFor(t.app, t.db, h.B, "Zed", u.B);

    await schedule(t.app, h.A, { ccauId: p.Adams.ccauId, measureId: phq9, dueDate: dueOn(day(0)) });
    await schedule(t.app, h.A, { ccauId: p.Adams.ccauId, measureId: gad7, dueDate: dueOn(day(3)) });
    await schedule(t.app, h.A, { ccauId: p.Clark.ccauId, measureId: gad7, dueDate: dueOn(day(10)) });
    await schedule(t.app, h.B, { ccauId: p.Zed.ccauId, measureId: phq9, dueDate: dueOn(day(0)) });

    const phq = (n: number, item9 = 0) => [...Array(8).fill(n), item9, 0];
    results.bakerFirst = await submitResult(
      t.app,
      t.db,
      h.A,
      p.Baker,
      phq9,
      [2, 2, 2, 2, 2, 2, 1, 1, 0, 0],
      noonUtc(-5),
    );
    results.bakerSecond = await submitResult(t.app, t.db, h.A, p.Baker, phq9, phq(1), noonUtc(-2));
    results.clark = await submitResult(t.app, t.db, h.A, p.Clark, phq9, phq(1, 1), noonUtc(-1));
    results.zed = await submitResult(t.app, t.db, h.B, p.Zed, phq9, phq(2), noonUtc(-1));
  });
  afterAll(async () => t.close());

  const get = (who: string, url: string) => t.app.inject({ method: "GET", url, headers: h[who] });
  async function rows(who: string, kind: "scheduled" | "completed", from: string, to: string, query = "") {
    const res = await get(who, `/api/patients/from/${from}/to/${to}/${kind}?pageSize=200${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rows as Row[];
  }
  const label = (r: Row) => `${r.patient_name} ${r.measure}`;

  it("lists what is due in the range, soonest first, for the caller's patients only", async () => {
    expect((await rows("A", "scheduled", day(0), day(0))).map(label)).toEqual(["Pat Adams PHQ-9"]);
    const week = await rows("A", "scheduled", day(0), day(6));
    expect(week.map(label)).toEqual(["Pat Adams PHQ-9", "Pat Adams GAD-7"]);
    expect(week[0]).toMatchObject({
      due_date: dueOn(day(0)).slice(0, 10),
      due_state: "due",
      respondent: expect.stringMatching(/\(Patient\)$/),
      chart_alerts: 0,
      mrn: expect.any(String),
    });
    // The due list does not carry what only results have.
    expect(week[0]).not.toHaveProperty("score");
    // Zed's measure is due today too, but only B and those who see every chart see it.
    expect((await rows("B", "scheduled", day(0), day(0))).map(label)).toEqual(["Pat Zed PHQ-9"]);
    expect((await rows("admin", "scheduled", day(0), day(0))).map(label)).toEqual(["Pat Adams PHQ-9", "Pat Zed PHQ-9"]);
  });

  it("says a measure whose due day is over without a submit is missed, and one answered is completed", async () => {
    const due = await rows("A", "scheduled", day(-5), day(0));
    const baker = due.filter((r) => r.patient_name === "Pat Baker");
    expect(baker.map((r) => r.due_state)).toEqual(["completed", "completed"]);
    const gone = due.find((r) => r.patient_name === "Pat Adams");
    await sql`update client_measure set due_date = due_date - interval '3 days' where id = ${gone?.id}`.execute(t.db);
    const after = await rows("A", "scheduled", day(-5), day(0));
    expect(after.find((r) => r.id === gone?.id)?.due_state).toBe("missed");
    await sql`update client_measure set due_date = due_date + interval '3 days' where id = ${gone?.id}`.execute(t.db);
  });

  it("lists results newest first with score, severity, change since the previous session and active alerts", async () => {
    const found = await rows("A", "completed", day(-6), day(0));
    expect(found.map((r) => r.id)).toEqual([results.clark, results.bakerSecond, results.bakerFirst]);
    const [clark, second, first] = found;
    expect(clark).toMatchObject({ score: { measure: "PHQ-9", score: 9 }, result_alerts: 1, change: null });
    expect(second).toMatchObject({
      score: { measure: "PHQ-9", score: 8, severity: expect.any(String) },
      change: { from: 14, to: 8, change: -6, direction: "improved", reliableChange: "reliable improvement" },
      result_alerts: 0,
    });
    expect(first).toMatchObject({ score: { score: 14 }, change: null });
    expect(found.every((r) => r.seen === false)).toBe(true);
    expect(found.map((r) => r.patient_name)).not.toContain("Pat Zed");
  });

  it("places a completion on the clinic's calendar, not UTC's", async () => {
    // 02:00 UTC is the evening before in New York (the clinic's default zone).
    const late = `${day(-3).slice(0, 4)}-${day(-3).slice(4, 6)}-${day(-3).slice(6, 8)}T02:00:00Z`;
    await sql`update client_measure set completed_at = ${late}::timestamptz where id = ${results.bakerFirst}`.execute(
      t.db,
    );
    expect((await rows("A", "completed", day(-3), day(-3))).map((r) => r.id)).toEqual([]);
    expect((await rows("A", "completed", day(-4), day(-4))).map((r) => r.id)).toEqual([results.bakerFirst]);
    await sql`update client_measure set completed_at = ${noonUtc(-5)}::timestamptz where id = ${results.bakerFirst}`.execute(
      t.db,
    );
  });

  it("pages by cursor through the same rows in the same order", async () => {
    for (const [who, kind, from] of [
      ["admin", "completed", day(-6)],
      ["admin", "scheduled", day(-6)],
    ] as const) {
      const whole = (await rows(who, kind, from, day(14))).map((r) => r.id);
      expect(whole.length).toBeGreaterThan(2);
      const paged: number[] = [];
      let after: string | null = null;
      do {
        const cursor: string = after ? `&after=${after}` : "";
        const res = await get(who, `/api/patients/from/${from}/to/${day(14)}/${kind}?pageSize=2${cursor}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().totalRecords).toBe(whole.length);
        paged.push(...res.json().rows.map((r: Row) => r.id));
        after = res.json().nextCursor;
      } while (after);
      expect(paged).toEqual(whole);
    }
  });

  it("marks a result seen for the user who opens its report, and for no one else", async () => {
    const opened = await get("A", `/api/measure-session/${results.bakerSecond}/session-report`);
    expect(opened.statusCode).toBe(200);
    const seenBy = async (who: string) =>
      new Map((await rows(who, "completed", day(-6), day(0))).map((r) => [r.id, r.seen]));
    const forA = await seenBy("A");
    expect(forA.get(results.bakerSecond)).toBe(true);
    expect(forA.get(results.clark)).toBe(false);
    expect((await seenBy("admin")).get(results.bakerSecond)).toBe(false);
    // The other report route opens it too; opening again changes nothing.
    await get("admin", `/api/overview/answers-report/${results.clark}`);
    await get("admin", `/api/overview/answers-report/${results.clark}`);
    expect((await seenBy("admin")).get(results.clark)).toBe(true);
    expect((await seenBy("A")).get(results.clark)).toBe(false);
  });

  it("refuses days that do not exist, a range that runs backwards and malformed dates with 400", async () => {
    const cases: [string, string, RegExp][] = [
      [`20250230`, day(0), /Start date is not a real day/],
      [day(0), `20251301`, /End date is not a real day/],
      [day(0), day(-1), /end date is before the start date/],
      [`2025-01-01`, day(0), /Start date is not valid/],
    ];
    for (const [from, to, message] of cases) {
      for (const kind of ["scheduled", "completed"]) {
        const res = await get("A", `/api/patients/from/${from}/to/${to}/${kind}`);
        expect(res.statusCode, `${from} ${to} ${kind}`).toBe(400);
        expect(res.json().error).toMatch(message);
      }
    }
  });

  it("refuses a view the caller does not have, and a respondent", async () => {
    const res = await get("A", `/api/patients/from/${day(0)}/to/${day(0)}/scheduled?view=all`);
    expect(res.statusCode).toBe(403);
    const respondent = await t.app.inject({
      method: "GET",
      url: `/api/patients/from/${day(0)}/to/${day(0)}/completed`,
      headers: p.Adams.respondent,
    });
    expect(respondent.statusCode).toBe(403);
  });
});
