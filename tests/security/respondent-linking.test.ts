import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPatient } from "../helpers/patients.ts";
import { nextEmail, respondentBody, teamOf } from "../helpers/respondents.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { signInUsers } from "../helpers/users.ts";

type Headers = { authorization: string };

/**
 * Issue 8 §1, reproduced on demo-like data: "clinician2" cannot see Jordan Rivera (a chart of
 * "clinician"), yet could learn Jordan's account id from the exist check, link Jordan onto their
 * own chart and see Jordan's name and phone, then send Jordan an access code and deactivate
 * Jordan's account (which stopped Jordan's measures on clinician's chart).
 */
describe.each(DATABASES)("linking a respondent from another chart on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  let jordanChart: number;
  let jordanAccount: number;
  let ownChart: number;
  let clinicianId: number;
  const JORDAN = { first: "Jordan", last: "Rivera", email: "jordan.rivera@example.com", phone: "5550101001" };

  beforeAll(async () => {
    t = await createTestApp(database);
    const { ids, headers } = await signInUsers(t.db, {
      admin: ["admin"],
      staff: ["staff"],
      clinician: ["clinician"],
      clinician2: ["clinician"],
    });
    Object.assign(h, headers);
    clinicianId = ids.clinician;
    const jordan = await addPatient(t.app, h.admin, {
      first_name: JORDAN.first,
      last_name: JORDAN.last,
      birth_date: "1990-03-04",
      email: JORDAN.email,
      email_notification: true,
      mobile_number: JORDAN.phone,
      mobile_notification: true,
      clinicians: [ids.clinician],
    });
    jordanChart = jordan.access_control_id as number;
    const row = await t.db
      .selectFrom("patient")
      .select("user_id")
      .where("id", "=", jordan.id)
      .executeTakeFirstOrThrow();
    jordanAccount = row.user_id as number;
    ownChart = (await addPatient(t.app, h.admin, { first_name: "Casey", clinicians: [ids.clinician2] }))
      .access_control_id as number;
    expect(
      (await t.app.inject({ method: "GET", url: `/api/patients/${jordan.id}`, headers: h.clinician2 })).statusCode,
    ).toBe(404);
  });
  afterAll(async () => t.close());

  const call = (who: string, method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: h[who], payload });

  /** Nothing of Jordan's in an answer: no name, contact or account id. */
  function expectNothingOfJordan(body: string) {
    for (const secret of [JORDAN.first, JORDAN.last, JORDAN.email, JORDAN.phone, `"accountId":${jordanAccount}`])
      expect(body).not.toContain(secret);
  }

  it("the exist check tells clinician2 only that adding the person sends an invitation", async () => {
    for (const query of [`email=${JORDAN.email}`, `phone=${JORDAN.phone}`]) {
      const res = await call("clinician2", "GET", `/api/respondents/exist?ccaId=${ownChart}&${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ exists: true, onTeam: false, canLink: false, needsInvitation: true });
      expectNothingOfJordan(res.body);
    }
    // Jordan's own clinician sees who it is.
    const own = await call("clinician", "GET", `/api/respondents/exist?ccaId=${jordanChart}&email=${JORDAN.email}`);
    expect(own.json()).toMatchObject({ exists: true, onTeam: true, accountId: jordanAccount });
  });

  it("an account id alone links nobody, and cannot be used to probe ids", async () => {
    const res = await call(
      "clinician2",
      "POST",
      "/api/respondents",
      respondentBody(ownChart, { existingUserId: jordanAccount, email: null, name_first: "x", name_last: "y" }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "existingUserId", message: "That person could not be found. Add them as a new respondent." },
    ]);
    expectNothingOfJordan(res.body);
  });

  it("linking needs Jordan's confirmation: an invitation, no data before acceptance", async () => {
    const before = await t.db
      .selectFrom("app_user")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    const res = await call(
      "clinician2",
      "POST",
      "/api/respondents",
      respondentBody(ownChart, {
        existingUserId: jordanAccount,
        email: JORDAN.email,
        name_first: "x",
        name_last: "y",
        respondent_type: "adult",
        relation_id: 6,
      }),
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      pending: true,
      channel: "email",
      message:
        "An invitation to join this chart was sent to the email address you entered. They are added to the team when they accept it.",
    });
    expectNothingOfJordan(res.body);
    // Not on the team yet, and no second account was made.
    expect((await teamOf(t.app, h.clinician2, ownChart)).map((r) => r.userId)).not.toContain(jordanAccount);
    const after = await t.db
      .selectFrom("app_user")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    // The same without the id (the form after a "needs invitation" exist answer): invited again.
    const again = await call(
      "clinician2",
      "POST",
      "/api/respondents",
      respondentBody(ownChart, { email: JORDAN.email, respondent_type: "adult", relation_id: 6 }),
    );
    expect(again.statusCode).toBe(202);
    const invitations = await t.db
      .selectFrom("chart_link_invitation")
      .select(["cca_id", "user_id"])
      .where("accepted_at", "is", null)
      .execute();
    expect(invitations).toEqual([{ cca_id: ownChart, user_id: jordanAccount }]);
  });

  it("an account-wide action needs every chart of the account (or staff)", async () => {
    // Jordan accepts the (latest) invitation, read as the mail server would get it.
    const message = await t.db
      .selectFrom("outbox_message")
      .select(["recipient", "link", "body"])
      .where("purpose", "=", "chart_invitation")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(message.recipient).toBe(JORDAN.email);
    expect(message.body).not.toContain("Casey");
    const token = new URL(message.link as string).searchParams.get("token") as string;
    const accept = await t.app.inject({
      method: "POST",
      url: "/api/respondent-invitations/accept",
      payload: { token },
    });
    expect([accept.statusCode, accept.json().accepted]).toEqual([200, true]);
    const twice = await t.app.inject({ method: "POST", url: "/api/respondent-invitations/accept", payload: { token } });
    expect([twice.statusCode, twice.json().code]).toEqual([400, "link_expired"]);

    const link = (await teamOf(t.app, h.clinician2, ownChart)).find((r) => r.userId === jordanAccount);
    expect(link).toBeDefined();
    const ccauId = link?.ccauId as number;
    const statusBefore = await t.db
      .selectFrom("app_user")
      .select("status")
      .where("id", "=", jordanAccount)
      .executeTakeFirstOrThrow();

    const refused = "Only staff can do this for this person's account.";
    const code = await call("clinician2", "POST", "/api/security/secure-generate-access-code", { ccauId });
    expect([code.statusCode, code.json().error]).toEqual([403, refused]);
    const deactivate = await call(
      "clinician2",
      "POST",
      `/api/patient-user/respondents/${jordanAccount}/change-status`,
      {
        action: "deactivate",
      },
    );
    expect([deactivate.statusCode, deactivate.json().error]).toEqual([403, refused]);
    const reset = await call("clinician2", "POST", `/api/security/reset-user-password/${jordanAccount}`);
    expect(reset.statusCode).toBe(403);
    const invite = await call("clinician2", "POST", `/api/users/${jordanAccount}/send-invitation`, {});
    expect(invite.statusCode).toBe(403);
    const statusAfter = await t.db
      .selectFrom("app_user")
      .select("status")
      .where("id", "=", jordanAccount)
      .executeTakeFirstOrThrow();
    expect(statusAfter.status).toBe(statusBefore.status);

    // Jordan's own clinician now shares Jordan with a chart they cannot see: refused too.
    const ownCode = await call("clinician", "POST", `/api/patient-user/respondents/${jordanAccount}/change-status`, {
      action: "deactivate",
    });
    expect(ownCode.statusCode).toBe(403);
    // Staff manage every patient user.
    const staffInvite = await call("staff", "POST", `/api/users/${jordanAccount}/send-invitation`, {});
    expect(staffInvite.statusCode).toBe(200);
  });

  it("staff link a known person directly", async () => {
    const chart = (await addPatient(t.app, h.admin, { first_name: "Drew", clinicians: [clinicianId] }))
      .access_control_id as number;
    const res = await call(
      "staff",
      "POST",
      "/api/respondents",
      respondentBody(chart, {
        existingUserId: jordanAccount,
        email: JORDAN.email,
        relation_id: 6,
        respondent_type: "adult",
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: jordanAccount, name_first: JORDAN.first });
  });

  it("four identical parallel adds make one account", async () => {
    const body = respondentBody(ownChart, { email: nextEmail("parallel"), name_first: "Pat", name_last: "Parallel" });
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        t.app.inject({ method: "POST", url: "/api/respondents", headers: h.clinician2, payload: body }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400))
      expect(a.json().errors).toEqual([{ field: "existingUserId", message: "This person is already on the team." }]);
    const holders = await t.db
      .selectFrom("contact")
      .select("user_id")
      .where(sql<boolean>`lower(value) = lower(${body.email as string})`)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it("parallel adds of one new person on two charts make one account", async () => {
    const email = nextEmail("twocharts");
    const answers = await Promise.all([
      call("clinician", "POST", "/api/respondents", respondentBody(jordanChart, { email, name_first: "Sam" })),
      call("clinician2", "POST", "/api/respondents", respondentBody(ownChart, { email, name_first: "Sam" })),
    ]);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    // The other one was told to check again (409) or, when it came second, got an invitation (202).
    for (const a of answers.filter((x) => x.statusCode !== 201)) expect([202, 409]).toContain(a.statusCode);
    const holders = await t.db
      .selectFrom("contact")
      .select("user_id")
      .where(sql<boolean>`lower(value) = lower(${email})`)
      .execute();
    expect(holders).toHaveLength(1);
  });
});
