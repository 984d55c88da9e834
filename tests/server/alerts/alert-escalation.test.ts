import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { escalateOverdueAlerts } from "../../../src/server/alerts/escalation.ts";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { accountsConfig, eventually, queueSchemaFor, setGeneralSetting } from "../../helpers/accounts.ts";
import { contextOf } from "../../helpers/context.ts";
import { type ChartWithRespondent, chartWithRespondent, dueDate, measureId, schedule } from "../../helpers/measures.ts";
import { createTeam, superviseClinicians } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { createUser, signInUsers } from "../../helpers/users.ts";

const HOUR = 3600_000;
const NOW = new Date("2026-11-25T12:00:00.000Z");
const hoursBefore = (hours: number, from = NOW) => new Date(from.getTime() - hours * HOUR);

describe.each(DATABASES)("alert escalation on $name", (database) => {
  let t: TestApp;
  let h: Record<"A" | "B" | "S" | "M" | "admin", { authorization: string }>;
  let u: Record<"A" | "B" | "S" | "M" | "TS" | "gone" | "admin", number>;
  let chart: ChartWithRespondent;
  let phq9: number;
  const ctx = () => contextOf(t, database.name);

  /** A new PHQ-9 session on the chart whose item 9 answer raises the suicide-risk alert, raised at `raisedAt`. */
  async function riskAlert(raisedAt: Date): Promise<number> {
    const cm = (
      await schedule(t.app, h.A, { ccauId: chart.ccauId, measureId: phq9, dueDate: dueDate(1), confirm: true })
    ).clientMeasure.id;
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/questionnaires/${cm}/page/p1/question/q9`,
      headers: chart.respondent,
      payload: { value: 2, seq: 1 },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .updateTable("alert")
      .set({ raised_at: raisedAt })
      .where("client_measure_id", "=", cm)
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const escalatedAt = async (id: number) =>
    (await t.db.selectFrom("alert").select("escalated_at").where("id", "=", id).executeTakeFirstOrThrow()).escalated_at;
  const reminders = () =>
    t.db
      .selectFrom("outbox_message")
      .select(["recipient", "subject", "body", "link", "purpose", "user_id", "status"])
      .where("purpose", "=", "alert_escalation")
      .orderBy("id")
      .execute();
  const acknowledge = (id: number) =>
    t.app.inject({
      method: "POST",
      url: `/api/measure-alerts/acknowledge/${id}`,
      headers: h.A,
      payload: { disposition: "patient_contacted" },
    });

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const staff = await signInUsers(t.db, {
      A: ["clinician"],
      B: ["clinician"],
      S: ["supervisor"],
      M: ["clinician"],
      admin: ["admin"],
    });
    h = staff.headers;
    const TS = await createUser(t.db, { username: "TS", roles: ["supervisor"] });
    const gone = await createUser(t.db, { username: "gone", roles: ["clinician"], status: 1 });
    u = { ...staff.ids, TS, gone };
    // A is assigned; M through the chart's team; S supervises A, TS supervises M; "gone" is
    // assigned but deactivated; B has nothing to do with the chart.
    await superviseClinicians(t.db, u.S, [u.A]);
    await superviseClinicians(t.db, u.TS, [u.M]);
    const team = await createTeam(t.db, "Escalation Team", [u.M]);
    phq9 = await measureId(t.db, "phq-9");
    chart = await chartWithRespondent(t.app, t.db, h.A, {
      first_name: "Quinn",
      last_name: "Overdue",
      birth_date: "1990-01-01",
      clinicians: [u.A],
      clinician_teams: [team],
    });
    // Assigned before being deactivated (the patients API assigns active clinicians only).
    await t.db.insertInto("cca_clinician").values({ cca_id: chart.ccaId, clinician_id: u.gone }).execute();
  });
  afterAll(async () => t.close());

  beforeEach(async () => {
    // Each case starts from no pending alerts and the default of 24 hours.
    await t.db.updateTable("alert").set({ escalated_at: NOW }).where("escalated_at", "is", null).execute();
    await t.db.deleteFrom("general_setting").where("key", "=", "alert_escalation_hours").execute();
  });

  it("reminds the chart's clinicians and their supervisors once, after the threshold and not before", async () => {
    const alert = await riskAlert(hoursBefore(24));
    const early = await escalateOverdueAlerts(ctx(), new Date(NOW.getTime() - 60_000));
    expect(early).toEqual({ escalated: 0, messages: 0 });
    expect(await escalatedAt(alert)).toBeNull();

    const before = (await reminders()).length;
    expect(await escalateOverdueAlerts(ctx(), NOW)).toEqual({ escalated: 1, messages: 4 });
    expect(await escalatedAt(alert)).toEqual(NOW);
    const sent = (await reminders()).slice(before);
    expect(sent.map((m) => m.recipient).sort()).toEqual(
      ["A@example.org", "M@example.org", "S@example.org", "TS@example.org"].sort(),
    );
    const link = `/assignment/${chart.ccaId}/${chart.ccauId}/measures/`;
    for (const message of sent) {
      expect(message.subject).toMatch(/^Reminder: an alert has not been acknowledged/);
      expect(message.body).toContain("has not been acknowledged after 24 hours");
      expect(message.link).toContain(link);
      expect(message.body).toContain(message.link);
      // No clinical content: not the patient, the measure or the alert's own sentence.
      expect(message.body).not.toMatch(/Quinn|Overdue|PHQ|suicid/i);
      expect(message.status).toBe("kept");
    }

    // Later runs, even days later, send nothing more.
    expect(await escalateOverdueAlerts(ctx(), new Date(NOW.getTime() + 72 * HOUR))).toEqual({
      escalated: 0,
      messages: 0,
    });
    expect((await reminders()).length).toBe(before + 4);
  });

  it("never escalates an acknowledged alert", async () => {
    const alert = await riskAlert(hoursBefore(48));
    expect((await acknowledge(alert)).statusCode).toBe(200);
    expect(await escalateOverdueAlerts(ctx(), NOW)).toEqual({ escalated: 0, messages: 0 });
    expect(await escalatedAt(alert)).toBeNull();
  });

  it("sends each reminder once when two nodes run at the same time", async () => {
    const alerts = [
      await riskAlert(hoursBefore(30)),
      await riskAlert(hoursBefore(40)),
      await riskAlert(hoursBefore(50)),
    ];
    const before = (await reminders()).length;
    // Two nodes: each with its own context (message queue) over the same database.
    const [one, two] = await Promise.all([escalateOverdueAlerts(ctx(), NOW), escalateOverdueAlerts(ctx(), NOW)]);
    expect(one.escalated + two.escalated).toBe(3);
    expect(one.messages + two.messages).toBe(12);
    expect((await reminders()).length).toBe(before + 12);
    for (const id of alerts) expect(await escalatedAt(id)).not.toBeNull();
  });

  it("catches up on everything that became overdue while no job ran", async () => {
    const alerts = [];
    for (const hours of [25, 100, 1000]) alerts.push(await riskAlert(hoursBefore(hours)));
    expect((await escalateOverdueAlerts(ctx(), NOW)).escalated).toBe(3);
  });

  it("follows a changed setting, validated in hours", async () => {
    const put = async (payload: object) => {
      const current = await t.app.inject({ method: "GET", url: "/api/settings/general", headers: h.admin });
      expect(current.json().alert_escalation_hours).toBe(24);
      return t.app.inject({
        method: "PUT",
        url: "/api/settings/general",
        headers: h.admin,
        payload: { ...payload, version: current.json().version },
      });
    };
    const message = "Remind about unacknowledged alerts after must be a whole number of hours from 1 to 168";
    for (const bad of [0, 169, 2.5, "two"]) {
      const res = await put({ alert_escalation_hours: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const alert = await riskAlert(hoursBefore(3));
    expect((await escalateOverdueAlerts(ctx(), NOW)).escalated).toBe(0);
    const saved = await put({ alert_escalation_hours: 2 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().alert_escalation_hours).toBe(2);
    const run = await escalateOverdueAlerts(ctx(), NOW);
    expect(run.escalated).toBe(1);
    const sent = await reminders();
    expect(sent.at(-1)?.body).toContain("after 2 hours");
    expect(await escalatedAt(alert)).toEqual(NOW);
  });

  it("marks overdue alerts in the lists and the report, overdue first, by the setting", async () => {
    // The lists use the database clock: raised times relative to the real now.
    const realNow = new Date();
    const fresh = await riskAlert(hoursBefore(1, realNow));
    const late = await riskAlert(hoursBefore(30, realNow));
    const later = await riskAlert(hoursBefore(50, realNow));
    await t.db.updateTable("alert").set({ escalated_at: null }).where("id", "in", [fresh, late, later]).execute();
    type Row = { id: number; overdue: boolean; escalated_at: string | null };
    const list = async (query = "") => {
      const res = await t.app.inject({ method: "GET", url: `/api/measure-alerts${query}`, headers: h.A });
      expect(res.statusCode).toBe(200);
      return (res.json().rows as Row[]).filter((r) => [fresh, late, later].includes(r.id));
    };
    // Overdue first (the longest waiting first), then the newest.
    expect((await list()).map((r) => [r.id, r.overdue])).toEqual([
      [later, true],
      [late, true],
      [fresh, false],
    ]);
    expect((await list("?sort=newest")).map((r) => r.id)).toEqual([fresh, late, later]);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/measure-alerts?sort=oldest", headers: h.A })).json().error,
    ).toBe("Order is not valid");

    const cm = await t.db
      .selectFrom("alert")
      .select("client_measure_id")
      .where("id", "=", late)
      .executeTakeFirstOrThrow();
    const report = await t.app.inject({
      method: "GET",
      url: `/api/measure-session/${cm.client_measure_id}/session-report`,
      headers: h.A,
    });
    expect(report.json().alerts[0]).toMatchObject({ id: late, overdue: true, escalated_at: null });
    const chartAlerts = await t.app.inject({
      method: "GET",
      url: `/api/patients/${chart.patientId}/alerts?status=active`,
      headers: h.A,
    });
    expect((chartAlerts.json().rows as Row[]).find((r) => r.id === late)?.overdue).toBe(true);

    // The job marks them escalated; acknowledging ends "overdue"; a longer setting un-marks the rest.
    await escalateOverdueAlerts(ctx(), new Date());
    expect((await list()).find((r) => r.id === late)?.escalated_at).toEqual(expect.any(String));
    expect((await acknowledge(later)).json().overdue).toBe(false);
    await setGeneralSetting(t.db, "alert_escalation_hours", 48);
    expect((await list()).find((r) => r.id === late)?.overdue).toBe(false);
  });
});

describe.each(DATABASES)("the escalation job on the pg-boss queue on $name", (database) => {
  const queue = queueSchemaFor(database);
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database, {
      config: { ...accountsConfig({ queueSchema: queue.schema }), alertEscalationCheckSeconds: 1 },
    });
  });
  afterAll(async () => {
    await t.close();
    await queue.drop();
  });

  it("runs by itself after start and escalates what is overdue", async () => {
    await syncMeasureLibrary(t.db);
    const { ids, headers } = await signInUsers(t.db, { J: ["clinician"] });
    const chart = await chartWithRespondent(t.app, t.db, headers.J, {
      first_name: "Jo",
      last_name: "Queue",
      birth_date: "1985-05-05",
      clinicians: [ids.J],
    });
    const cm = (
      await schedule(t.app, headers.J, {
        ccauId: chart.ccauId,
        measureId: await measureId(t.db, "phq-9"),
        dueDate: dueDate(1),
      })
    ).clientMeasure.id;
    await t.app.inject({
      method: "PUT",
      url: `/api/questionnaires/${cm}/page/p1/question/q9`,
      headers: chart.respondent,
      payload: { value: 3, seq: 1 },
    });
    await t.db
      .updateTable("alert")
      .set({ raised_at: sql<Date>`now() - interval '25 hours'` })
      .where("client_measure_id", "=", cm)
      .execute();
    const message = await eventually(async () =>
      t.db
        .selectFrom("outbox_message")
        .select(["recipient", "purpose"])
        .where("purpose", "=", "alert_escalation")
        .executeTakeFirst(),
    );
    expect(message.recipient).toBe("J@example.org");
  });
});
