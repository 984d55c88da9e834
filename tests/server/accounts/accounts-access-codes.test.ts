import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CODE_INVALID,
  CODE_SENT,
  RESPONDENT_NOT_ACTIVE,
  SELECT_ONE,
  SELECTION_EXPIRED,
} from "../../../src/server/accounts/access-code-routes.ts";
import { ACTIVITY } from "../../../src/server/auth/activity-log.ts";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import {
  activityCodes,
  bearer,
  codeIn,
  createChart,
  createRespondent,
  lastMessage,
  linkToChart,
  messageCount,
  setGeneralSetting,
  unique,
} from "../../helpers/accounts.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

const INVALID = { error: CODE_INVALID, code: "invalid_code" };

describe.each(DATABASES)("access codes on $name", (database) => {
  let t: TestApp;
  let clinician: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(database);
    await setGeneralSetting(t.db, "sms_enabled", true);
    clinician = await signedInUser(t.db, { username: unique("clin"), roles: ["clinician"] });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: unknown, headers?: Record<string, string>) =>
    t.app.inject({ method: "POST", url: `/api/security/${url}`, payload: payload as object, headers });
  const generate = (identifier: string) => post("generate-access-code", { identifier });
  const validate = (identifier: string, code: string) => post("validate-access-code", { identifier, code });
  const wrong = (code: string) => (code === "000000" ? "000001" : "000000");

  /** An active respondent on a new chart, reachable at `contact`. */
  async function activeRespondent(contact: { channel: 1 | 2; value: string }, relation = 4, patient = "Mia") {
    const chart = await createChart(t.db, { firstName: patient, lastName: unique("Cole"), clinicians: [clinician.id] });
    const id = await createRespondent(t.db, { username: unique("resp"), status: 2, contacts: [contact] });
    const ccauId = await linkToChart(t.db, id, chart.ccaId, relation);
    return { id, ccauId, chart };
  }

  it("one matching account: the code signs in, works once, and logs 'Login success'", async () => {
    const email = `${unique("solo")}@example.org`;
    const { id, ccauId } = await activeRespondent({ channel: 1, value: email });
    const res = await generate(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CODE_SENT });
    const message = await lastMessage(t.db, email);
    expect(message).toMatchObject({ purpose: "access_code", user_id: id, link: null });
    const code = codeIn(message?.body ?? "");

    const signIn = await validate(email, code);
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      user: { id, isPatient: true, status: 2 },
      account: { accountId: ccauId, ccauId, userId: id, relation: 4, relationLabel: "Mother" },
    });
    const session = await t.app.inject({
      method: "GET",
      url: "/api/security/get-session",
      headers: bearer(signIn.json().accessToken),
    });
    expect(session.statusCode).toBe(200);
    expect(await activityCodes(t.db, id)).toEqual([ACTIVITY.loginSuccess]);
    expect((await validate(email, code)).json()).toEqual(INVALID);
  });

  it("a phone shared by two accounts, one of them a parent of two children: select-account, own account first", async () => {
    const phone = "5557654321";
    // The patient (relation 1) and a parent with two children's charts all share the phone.
    const older = await createChart(t.db, { firstName: "Zed", lastName: "Ames", selfStatus: 2 });
    const younger = await createChart(t.db, { firstName: "Abe", lastName: "Ames" });
    await t.db
      .insertInto("contact")
      .values({ user_id: older.selfUserId, channel: 2, value: phone, is_primary: true })
      .execute();
    const parent = await createRespondent(t.db, {
      firstName: "Pia",
      lastName: "Ames",
      username: unique("pia"),
      status: 2,
      contacts: [{ channel: 2, value: phone }],
    });
    const zedLink = await linkToChart(t.db, parent, older.ccaId, 4);
    const abeLink = await linkToChart(t.db, parent, younger.ccaId, 4);

    const before = await messageCount(t.db);
    expect((await generate("(555) 765-4321")).statusCode).toBe(200);
    expect(await messageCount(t.db)).toBe(before + 1); // one text for everyone on that phone
    const message = await lastMessage(t.db, phone);
    expect(message).toMatchObject({ channel: "sms", user_id: null });
    const code = codeIn(message?.body ?? "");

    const res = await validate("555-765-4321", code);
    expect(res.statusCode, res.body).toBe(200);
    const { accounts, selectionToken } = res.json();
    expect(selectionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json().accessToken).toBeUndefined();
    expect(accounts).toEqual([
      {
        accountId: older.selfCcauId,
        ccauId: older.selfCcauId,
        userId: older.selfUserId,
        name: "Zed Ames",
        patientName: "Zed Ames",
        relation: 1,
        relationLabel: "Patient",
      },
      expect.objectContaining({
        accountId: abeLink,
        userId: parent,
        name: "Pia Ames",
        patientName: "Abe Ames",
        relation: 4,
      }),
      expect.objectContaining({ accountId: zedLink, userId: parent, patientName: "Zed Ames", relation: 4 }),
    ]);

    const notListed = await post("select-account", { selectionToken, accountId: 999_999 });
    expect(notListed.statusCode).toBe(400);
    expect(notListed.json().errors).toEqual([{ field: "accountId", message: SELECT_ONE }]);
    const picked = await post("select-account", { selectionToken, accountId: abeLink });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toMatchObject({
      user: { id: parent },
      account: { ccauId: abeLink, patientName: "Abe Ames" },
    });
    expect(await activityCodes(t.db, parent)).toEqual([ACTIVITY.loginSuccess]);

    const reused = await post("select-account", { selectionToken, accountId: zedLink });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: SELECTION_EXPIRED, code: "link_expired" });
  });

  it("the fifth wrong code kills it: the right code then fails too", async () => {
    const email = `${unique("guess")}@example.org`;
    await activeRespondent({ channel: 1, value: email });
    await generate(email);
    const code = codeIn((await lastMessage(t.db, email))?.body ?? "");
    for (let i = 0; i < 4; i++) expect((await validate(email, wrong(code))).json()).toEqual(INVALID);
    // Four wrong tries leave it alive...
    const stillAlive = await t.db
      .selectFrom("one_time_token")
      .select("attempts")
      .where("purpose", "=", "access_code")
      .where("used_at", "is", null)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(stillAlive.attempts).toBe(4);
    expect((await validate(email, wrong(code))).json()).toEqual(INVALID);
    expect((await validate(email, code)).json()).toEqual(INVALID);
    // A new code works again.
    await generate(email);
    const next = codeIn((await lastMessage(t.db, email))?.body ?? "");
    expect((await validate(email, next)).statusCode).toBe(200);
  });

  it("an expired code fails; a new code replaces the previous one", async () => {
    const email = `${unique("late")}@example.org`;
    const { id } = await activeRespondent({ channel: 1, value: email });
    await generate(email);
    const first = codeIn((await lastMessage(t.db, email))?.body ?? "");
    await generate(email);
    const second = codeIn((await lastMessage(t.db, email))?.body ?? "");
    if (first !== second) expect((await validate(email, first)).json()).toEqual(INVALID);
    await t.db
      .updateTable("one_time_token")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", id)
      .execute();
    expect((await validate(email, second)).json()).toEqual(INVALID);
  });

  it("unknown identifiers get the same answers as known ones, and nothing is sent", async () => {
    const email = `${unique("known")}@example.org`;
    await activeRespondent({ channel: 1, value: email });
    const known = await generate(email);
    const before = await messageCount(t.db);
    for (const identifier of [`${unique("nobody")}@example.org`, "5550001111", unique("nouser")]) {
      const res = await generate(identifier);
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
      expect((await validate(identifier, "123456")).json()).toEqual(INVALID);
    }
    expect(await messageCount(t.db)).toBe(before);
  });

  it("only active respondents with a chart get codes: not clinical users, not accounts not set up", async () => {
    const notSetUp = `${unique("new")}@example.org`;
    const chart = await createChart(t.db, { firstName: "Ned", lastName: unique("Park") });
    const fresh = await createRespondent(t.db, { contacts: [{ channel: 1, value: notSetUp }] });
    await linkToChart(t.db, fresh, chart.ccaId, 5);
    const orphan = `${unique("orphan")}@example.org`;
    await createRespondent(t.db, { username: unique("orphan"), status: 2, contacts: [{ channel: 1, value: orphan }] });
    const before = await messageCount(t.db);
    const staffEmail = (
      await t.db.selectFrom("app_user").select("email").where("id", "=", clinician.id).executeTakeFirstOrThrow()
    ).email as string;
    for (const identifier of [notSetUp, orphan, staffEmail]) {
      expect((await generate(identifier)).json()).toEqual({ message: CODE_SENT });
    }
    expect(await messageCount(t.db)).toBe(before);
  });

  it("validates the request", async () => {
    const res = await post("validate-access-code", { identifier: "x", code: "12ab" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "code", message: "The access code is 6 digits." }]);
    expect((await post("generate-access-code", { identifier: "  " })).json().errors).toEqual([
      { field: "identifier", message: "Enter your username, email or mobile number." },
    ]);
    expect((await post("select-account", { selectionToken: "x" })).statusCode).toBe(400);
  });

  describe("secure-generate-access-code (a clinician sends a code to a respondent)", () => {
    it("sends to the respondent of a chart the clinician can see, without showing the code", async () => {
      const phone = "5553334444";
      const { id, ccauId } = await activeRespondent({ channel: 2, value: phone });
      const res = await post("secure-generate-access-code", { ccauId }, clinician.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ sent: true, channel: "sms", delivery: "kept" });
      expect(res.body).not.toMatch(/\d{6}/);
      const code = codeIn((await lastMessage(t.db, phone))?.body ?? "");
      const signIn = await validate(phone, code);
      expect(signIn.json().user.id).toBe(id);
    });

    it("refuses charts out of reach (404), non-clinical roles (403), inactive respondents and missing contacts (400)", async () => {
      const { ccauId } = await activeRespondent({ channel: 1, value: `${unique("x")}@example.org` });
      const stranger = await signedInUser(t.db, { username: unique("clin"), roles: ["clinician"] });
      const director = await signedInUser(t.db, { username: unique("dir"), roles: ["director"] });
      const out = await post("secure-generate-access-code", { ccauId }, stranger.headers);
      expect(out.statusCode).toBe(404);
      expect(out.json()).toEqual({ error: MESSAGES.patientNotFound, code: "not_found" });
      expect((await post("secure-generate-access-code", { ccauId }, director.headers)).statusCode).toBe(403);
      expect((await post("secure-generate-access-code", { ccauId })).statusCode).toBe(401);

      const chart = await createChart(t.db, { firstName: "Ivy", lastName: unique("Moss"), clinicians: [clinician.id] });
      const inactive = await post("secure-generate-access-code", { ccauId: chart.selfCcauId }, clinician.headers);
      expect(inactive.statusCode).toBe(400);
      expect(inactive.json().error).toBe(RESPONDENT_NOT_ACTIVE);

      const { ccauId: emailOnly } = await activeRespondent({ channel: 1, value: `${unique("e")}@example.org` });
      const noSms = await post("secure-generate-access-code", { ccauId: emailOnly, channel: "sms" }, clinician.headers);
      expect(noSms.statusCode).toBe(400);
      expect(noSms.json().errors[0].field).toBe("contact");
      expect((await post("secure-generate-access-code", { ccauId: "x" }, clinician.headers)).statusCode).toBe(400);
    });
  });
});
