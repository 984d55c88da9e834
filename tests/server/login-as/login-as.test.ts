import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { WRONG_PASSWORD } from "../../../src/server/security/login-as-routes.ts";
import {
  type ChartWithRespondent,
  chartWithRespondent,
  dueDate,
  type Headers,
  linkedRespondent,
  measureId,
  schedule,
} from "../../helpers/measures.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { authHeader, TEST_PASSWORD } from "../../helpers/users.ts";

const MOTHER = 4;

describe.each(DATABASES)("login as respondent on $name", (database) => {
  let t: TestApp;
  let clinician: Headers;
  let clinicianId: number;
  let outsider: Headers;
  let jordan: ChartWithRespondent;
  let gad7: number;
  let phq9: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const c = await signedInUser(t.db, { username: "handing", roles: ["clinician"] });
    clinician = c.headers;
    clinicianId = c.id;
    outsider = (await signedInUser(t.db, { username: "elsewhere", roles: ["clinician"] })).headers;
    jordan = await chartWithRespondent(t.app, t.db, clinician, {
      first_name: "Jordan",
      last_name: "Handed",
      birth_date: "1990-01-01",
      clinicians: [c.id],
    });
    gad7 = await measureId(t.db, "gad-7");
    phq9 = await measureId(t.db, "phq-9");
    // A patient is active once something is scheduled (spec §4 Activation).
    await assign(jordan.ccauId, phq9);
  });
  afterAll(async () => t.close());

  const assign = async (ccauId: number, measure: number) =>
    (await schedule(t.app, clinician, { ccauId, measureId: measure, dueDate: dueDate(2) })).clientMeasure.id;

  async function handOver(ccauId: number, headers: Headers = clinician) {
    return t.app.inject({ method: "POST", url: `/api/security/login-as/${ccauId}`, headers });
  }
  /** headers: a session of its own when the test takes the device back (which ends that session). */
  async function handedHeaders(ccauId: number, headers: Headers = clinician): Promise<Headers> {
    const res = await handOver(ccauId, headers);
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${res.json().accessToken}` };
  }
  const put = (headers: Headers, cm: number, question: string, value: unknown) =>
    t.app.inject({
      method: "PUT",
      url: `/api/questionnaires/${cm}/page/p1/question/${question}`,
      headers,
      payload: { value, seq: 1 },
    });

  it("answers the handed respondent's open sessions only, recording the clinician on answer and audit row", async () => {
    const open = await assign(jordan.ccauId, gad7);
    const res = await handOver(jordan.ccauId);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: jordan.respondentId,
      loggedAsRespondent: true,
      permissions: ["respondent.session"],
      loginAs: { ccauId: jordan.ccauId, clinicianFirstName: "handing" },
    });
    // The clinician's refresh cookie goes: the device keeps nothing of the clinician's session.
    expect(String(res.headers["set-cookie"])).toMatch(/mbc_refresh=;/);
    const device = { authorization: `Bearer ${res.json().accessToken}` };

    const list = await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: device });
    expect(list.statusCode).toBe(200);
    expect(list.json().groups.map((g: { ccauId: number }) => g.ccauId)).toEqual([jordan.ccauId]);

    const saved = await put(device, open, "q1", 2);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = await t.db
      .selectFrom("answer")
      .select("administered_by")
      .where("client_measure_id", "=", open)
      .executeTakeFirstOrThrow();
    expect(answer.administered_by).toBe(clinicianId);

    await t.app.auditTrail.flush();
    const event = await t.db
      .selectFrom("audit_event")
      .select(["user_id", "acting_as_user_id", "action", "outcome"])
      .where("request_id", "=", String(saved.headers["x-request-id"]))
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ user_id: clinicianId, acting_as_user_id: jordan.respondentId, outcome: "success" });

    // Submitting names the respondent as the one who completed it and the clinician as administering it.
    const answers = Object.fromEntries(["q2", "q3", "q4", "q5", "q6", "q7"].map((q) => [q, 1]));
    for (const [q, v] of Object.entries(answers)) expect((await put(device, open, q, v)).statusCode).toBe(200);
    const submit = await t.app.inject({
      method: "POST",
      url: `/api/questionnaires/${open}`,
      headers: device,
      payload: { completed: true },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const session = await t.db
      .selectFrom("client_measure")
      .select(["completed_by", "clinical_administered_by"])
      .where("id", "=", open)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ completed_by: jordan.respondentId, clinical_administered_by: clinicianId });
    // A submitted session is no longer open to the device, not even to read.
    const reread = await t.app.inject({ method: "GET", url: `/api/questionnaires/${open}/page/p1`, headers: device });
    expect(reread.statusCode).toBe(404);
  });

  it("does not reach another respondent link of the same account, nor the chart's other respondents", async () => {
    const child = await chartWithRespondent(t.app, t.db, clinician, {
      first_name: "Robin",
      last_name: "Kid",
      birth_date: `${new Date().getUTCFullYear() - 9}-03-03`,
      clinicians: [clinicianId],
    });
    const parent = await linkedRespondent(t.db, child.ccaId, {
      username: "hparent",
      relationId: MOTHER,
      respondentType: "caregiver",
    });
    const sibling = await chartWithRespondent(t.app, t.db, clinician, {
      first_name: "Sky",
      last_name: "Kid",
      birth_date: `${new Date().getUTCFullYear() - 7}-04-04`,
      clinicians: [clinicianId],
    });
    // The parent answers for both children: one account, two links; the device is handed over for one.
    const own = await t.db
      .insertInto("cca_user")
      .values({ cca_id: sibling.ccaId, user_id: parent.userId, relation_id: MOTHER, respondent_type: "caregiver" })
      .returning("id as ccauId")
      .executeTakeFirstOrThrow();
    const psc17 = await measureId(t.db, "psc-17");
    const forChild = await assign(parent.ccauId, psc17);
    const ownSession = await assign(own.ccauId, psc17);
    const childOwn = await assign(child.ccauId, gad7);

    const device = await handedHeaders(parent.ccauId);
    const list = await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: device });
    expect(list.json().groups.map((g: { ccauId: number }) => g.ccauId)).toEqual([parent.ccauId]);
    expect((await put(device, forChild, "q1", 1)).statusCode).toBe(200);
    expect((await put(device, ownSession, "q1", 1)).statusCode).toBe(404);
    expect((await put(device, childOwn, "q1", 1)).statusCode).toBe(404);
    const available = await t.app.inject({
      method: "GET",
      url: `/api/questionnaires/have-available-questionnaires/${own.ccauId}`,
      headers: device,
    });
    expect(available.statusCode).toBe(404);
  });

  it("answers 403 on every route but the questionnaires", async () => {
    const device = await handedHeaders(jordan.ccauId);
    for (const [method, url] of [
      ["GET", "/api/patients"],
      ["GET", `/api/patients/${jordan.patientId}`],
      ["GET", `/api/scheduling/${jordan.ccauId}`],
      ["GET", "/api/patient-user/respondents"],
      ["GET", `/api/users/${jordan.respondentId}`],
      ["POST", `/api/security/login-as/${jordan.ccauId}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: device });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const session = await t.app.inject({ method: "GET", url: "/api/security/get-session", headers: device });
    expect(session.json().user.loggedAsRespondent).toBe(true);
    // The clinic's time zone and session timeout (the inactivity timer) still apply to the device.
    const general = await t.app.inject({ method: "GET", url: "/api/settings/general", headers: device });
    expect(general.statusCode).toBe(200);
  });

  it("is refused as a missing chart outside the caller's access, and for an inactive respondent", async () => {
    const res = await handOver(jordan.ccauId, outsider);
    expect(res.statusCode).toBe(404);
    const gone = await linkedRespondent(t.db, jordan.ccaId, { username: "jgone", relationId: MOTHER });
    await t.db.updateTable("app_user").set({ status: 1 }).where("id", "=", gone.userId).execute();
    const inactive = await handOver(gone.ccauId);
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().errors[0].message).toMatch(/inactive/);
  });

  it("stops working once the respondent is deactivated", async () => {
    const later = await linkedRespondent(t.db, jordan.ccaId, { username: "jlater", relationId: MOTHER });
    const device = await handedHeaders(later.ccauId);
    await t.db.updateTable("app_user").set({ status: 1 }).where("id", "=", later.userId).execute();
    const res = await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: device });
    expect(res.statusCode).toBe(401);
  });

  it("returns to the clinician only with the clinician's password", async () => {
    const device = await handedHeaders(jordan.ccauId, await authHeader(t.db, clinicianId));
    const back = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/security/return-to-clinician",
        headers: device,
        payload: { password },
      });
    const wrong = await back("Not#The1Password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: "password", message: WRONG_PASSWORD }]);
    // Still handed over: the respondent's questionnaires still answer.
    const still = await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: device });
    expect(still.statusCode, still.body).toBe(200);

    const right = await back(TEST_PASSWORD);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().user).toMatchObject({ id: clinicianId, loggedAsRespondent: false });
    expect(String(right.headers["set-cookie"])).toMatch(/mbc_refresh=[^;]+;/);
    const mine = { authorization: `Bearer ${right.json().accessToken}` };
    const list = await t.app.inject({ method: "GET", url: "/api/patients", headers: mine });
    expect(list.statusCode, list.body).toBe(200);
    // The hand-over is over: its token no longer answers.
    const after = await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: device });
    expect(after.statusCode).toBe(401);
  });

  it("throttles password guesses like sign-in", async () => {
    const device = await handedHeaders(jordan.ccauId, await authHeader(t.db, clinicianId));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/security/return-to-clinician",
        headers: device,
        payload: { password: `Wrong#Guess${i}` },
        remoteAddress: "203.0.113.40",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);
  });
});
