import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { setGeneralSetting } from "../../helpers/accounts.ts";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { addRespondent, nextEmail, respondentBody, teamOf } from "../../helpers/respondents.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

type Headers = { authorization: string };

/**
 * GET /api/respondents/exist and linking an existing person (POST existingUserId): the same
 * person is linked rather than duplicated, someone already on the team is offered for editing,
 * and nothing is told about people on charts the caller cannot see.
 */
describe.each(DATABASES)("linking existing respondents on $name", (database) => {
  let t: TestApp;
  let admin: { id: number; headers: Headers };
  let a: { id: number; headers: Headers };
  let b: { id: number; headers: Headers };

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = await signedInUser(t.db, { username: "admin", roles: ["admin"] });
    a = await signedInUser(t.db, { username: "clinA", roles: ["clinician"] });
    b = await signedInUser(t.db, { username: "clinB", roles: ["clinician"] });
  });
  afterAll(async () => t.close());

  async function chartOf(clinicianId: number, overrides: Record<string, unknown> = {}) {
    const patient = await addPatient(t.app, admin.headers, { clinicians: [clinicianId], ...overrides });
    return {
      ccaId: patient.access_control_id as number,
      ownCcauId: patient.client_clinic_assignment_user_id as number,
    };
  }
  const exist = (headers: Headers, query: Record<string, string | number>) =>
    t.app.inject({
      method: "GET",
      url: `/api/respondents/exist?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      headers,
    });
  const post = (headers: Headers, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/respondents", headers, payload });
  const accountsWithEmail = async (email: string) =>
    Number(
      (
        await t.db
          .selectFrom("contact")
          .select(t.db.fn.count("user_id").distinct().as("n"))
          .where("channel", "=", 1)
          .where("value", "=", email)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("finds a person on another chart by email or mobile and links them instead of duplicating", async () => {
    const first = await chartOf(a.id);
    const second = await chartOf(a.id);
    const email = nextEmail("morgan");
    const morgan = await addRespondent(t.app, a.headers, first.ccaId, {
      name_first: "Morgan",
      name_last: "Rivera",
      email,
      phone: "3125550147",
    });

    const byEmail = await exist(a.headers, { ccaId: second.ccaId, email: email.toUpperCase() });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toEqual({
      exists: true,
      onTeam: false,
      canLink: true,
      accountId: morgan.userId,
      respondent: {
        userId: morgan.userId,
        full_name: "Morgan Rivera",
        name_first: "Morgan",
        name_middle: null,
        name_last: "Rivera",
        status: 3,
        email,
        phone: "3125550147",
        contact_information: `${email}, (312) 555-0147`,
      },
    });
    const byPhone = await exist(a.headers, { ccaId: second.ccaId, phone: "(312) 555-0147" });
    expect(byPhone.json()).toMatchObject({ exists: true, accountId: morgan.userId });

    // Linked: the same account, its names kept; a new email typed in the form is added, not swapped in.
    const other = nextEmail("morgan.work");
    const res = await post(
      a.headers,
      respondentBody(second.ccaId, {
        existingUserId: morgan.userId,
        name_first: "Morgana",
        name_last: "Rivera",
        email: other,
        relation_id: 7,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: morgan.userId,
      full_name: "Morgan Rivera",
      relation: "Guardian",
      email,
      contact_information: `${email}, ${other}, (312) 555-0147`,
    });
    expect(await accountsWithEmail(email)).toBe(1);
    const created = await t.db
      .selectFrom("activity_log")
      .select("code")
      .where("user_id", "=", morgan.userId)
      .where("code", "=", 15)
      .execute();
    expect(created).toHaveLength(1); // one account, created once
    const links = await t.db.selectFrom("cca_user").select("cca_id").where("user_id", "=", morgan.userId).execute();
    expect(links.map((l) => l.cca_id).sort()).toEqual([first.ccaId, second.ccaId].sort());
  });

  it("ranks the person with the same name first when a family shares an email", async () => {
    const chart = await chartOf(a.id);
    const target = await chartOf(a.id);
    const shared = nextEmail("family");
    const sam = await addRespondent(t.app, a.headers, chart.ccaId, {
      name_first: "Sam",
      name_last: "Lee",
      email: shared,
    });
    const pat = await addRespondent(t.app, a.headers, chart.ccaId, {
      name_first: "Pat",
      name_last: "Lee",
      email: shared,
      relation_id: 5,
    });
    expect((await exist(a.headers, { ccaId: target.ccaId, email: shared })).json().accountId).toBe(sam.userId);
    const named = await exist(a.headers, { ccaId: target.ccaId, email: shared, name_first: "pat", name_last: "LEE" });
    expect(named.json()).toMatchObject({ accountId: pat.userId, respondent: { full_name: "Pat Lee" } });
  });

  it("offers to edit someone already on the team, and refuses to link them twice", async () => {
    const chart = await chartOf(a.id);
    const email = nextEmail("jamie");
    const jamie = await addRespondent(t.app, a.headers, chart.ccaId, {
      name_first: "Jamie",
      name_last: "Ortiz",
      email,
    });

    const byEmail = await exist(a.headers, { ccaId: chart.ccaId, email });
    expect(byEmail.json()).toMatchObject({
      exists: true,
      onTeam: true,
      canLink: false,
      accountId: jamie.userId,
      ccauId: jamie.ccauId,
      respondent: { ccauId: jamie.ccauId, full_name: "Jamie Ortiz", relation: "Mother" },
    });
    const byName = await exist(a.headers, { ccaId: chart.ccaId, name_first: " jamie ", name_last: "ORTIZ" });
    expect(byName.json()).toMatchObject({ onTeam: true, ccauId: jamie.ccauId });

    const twice = await post(a.headers, respondentBody(chart.ccaId, { existingUserId: jamie.userId }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({
      error: "This person is already on the team.",
      code: "validation",
      errors: [{ field: "existingUserId", message: "This person is already on the team." }],
      existingCcauId: jamie.ccauId,
    });
    // The patient is on their own team already, whatever relation the form names.
    const [own] = await teamOf(t.app, a.headers, chart.ccaId);
    const self = await post(a.headers, respondentBody(chart.ccaId, { existingUserId: own.userId, relation_id: 1 }));
    expect(self.json()).toMatchObject({ existingCcauId: chart.ownCcauId });
    expect(await teamOf(t.app, a.headers, chart.ccaId)).toHaveLength(2);
  });

  it("answers no match plainly, and checks the query's rules", async () => {
    const chart = await chartOf(a.id);
    expect((await exist(a.headers, { ccaId: chart.ccaId, email: nextEmail("nobody") })).json()).toEqual({
      exists: false,
      onTeam: false,
    });
    expect((await exist(a.headers, { ccaId: chart.ccaId })).json()).toEqual({ exists: false, onTeam: false });
    const bad = await exist(a.headers, { ccaId: chart.ccaId, email: "nope", phone: "555" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: "email", message: "Invalid email" },
        { field: "phone", message: "That mobile number is too short. It must be 10 digits." },
      ]),
    );
    const noChart = await t.app.inject({ method: "GET", url: "/api/respondents/exist", headers: a.headers });
    expect(noChart.json().errors).toEqual([{ field: "ccaId", message: "Chart id is required" }]);
  });

  it("tells nothing about a person on charts the caller cannot see, and links only with their contact", async () => {
    const mine = await chartOf(a.id);
    const theirs = await chartOf(b.id, { first_name: "Hidden", last_name: "Patient" });
    const email = nextEmail("riley");
    const riley = await addRespondent(t.app, b.headers, theirs.ccaId, {
      name_first: "Riley",
      name_last: "Secret",
      email,
      phone: "6185550177",
    });

    // Issue 8 §1: nothing about who it is, not even the account id; adding them invites them.
    const found = await exist(a.headers, { ccaId: mine.ccaId, email, name_first: "Riley", name_last: "Secret" });
    expect(found.json()).toEqual({ exists: true, onTeam: false, canLink: false, needsInvitation: true });
    expect(found.body).not.toMatch(/Riley|Secret|Hidden|6185550177/);
    expect(found.body).not.toContain(String(riley.userId));

    // B's chart is not A's to ask about: answered as if it did not exist.
    const hiddenChart = await exist(a.headers, { ccaId: theirs.ccaId, email });
    const noChart = await exist(a.headers, { ccaId: 987654, email });
    expect(hiddenChart.statusCode).toBe(404);
    expect(hiddenChart.json()).toEqual(noChart.json());
    expect(hiddenChart.json()).toEqual({ error: MESSAGES.patientNotFound, code: "not_found" });

    // An id alone links no one: without a contact of theirs it is answered like no such person.
    const refusals = [];
    for (const existingUserId of [riley.userId, 987654, admin.id]) {
      const res = await post(a.headers, respondentBody(mine.ccaId, { existingUserId, email: nextEmail("guess") }));
      expect(res.statusCode).toBe(400);
      refusals.push(res.json());
    }
    expect(refusals[0]).toEqual({
      error: "That person could not be found. Add them as a new respondent.",
      code: "validation",
      errors: [{ field: "existingUserId", message: "That person could not be found. Add them as a new respondent." }],
    });
    expect(refusals[1]).toEqual(refusals[0]);
    expect(refusals[2]).toEqual(refusals[0]);

    // Knowing their mobile number is not a right to their records: they are invited, not linked
    // or copied, and the answer shows nothing of them.
    await setGeneralSetting(t.db, "sms_enabled", true);
    const invited = await post(
      a.headers,
      respondentBody(mine.ccaId, { existingUserId: riley.userId, email: null, phone: "618-555-0177" }),
    );
    expect(invited.statusCode).toBe(202);
    expect(invited.json()).toMatchObject({ pending: true, channel: "sms" });
    expect(invited.body).not.toMatch(/Riley|Secret|Hidden|6185550177/);
    expect((await teamOf(t.app, a.headers, mine.ccaId)).map((r) => r.userId)).not.toContain(riley.userId);
    expect(await accountsWithEmail(email)).toBe(1);
  });

  it("needs patients.write: a director and a respondent cannot ask", async () => {
    const chart = await chartOf(a.id);
    const director = await signedInUser(t.db, { username: "dir", roles: ["director"] });
    const respondent = await signedInUser(t.db, { username: "resp", roles: ["respondent"], userType: "patient" });
    for (const who of [director, respondent]) {
      const res = await exist(who.headers, { ccaId: chart.ccaId, email: "x@example.org" });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("forbidden");
    }
    const anonymous = await t.app.inject({ method: "GET", url: `/api/respondents/exist?ccaId=${chart.ccaId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
