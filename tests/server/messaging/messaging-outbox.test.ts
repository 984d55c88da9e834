import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_OFF, NO_VALID_CONTACT, SMS_OFF } from "../../../src/server/messaging/recipients.ts";
import {
  createChart,
  createClinicalInvitee,
  createRespondent,
  linkIn,
  linkToChart,
  setGeneralSetting,
  unique,
} from "../../helpers/accounts.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

describe.each(DATABASES)("outbox (no mail server: messages are kept) on $name", (database) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let staff: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = await signedInUser(t.db, { username: unique("admin"), roles: ["admin"] });
    staff = await signedInUser(t.db, { username: unique("staff"), roles: ["staff"] });
  });
  afterAll(async () => t.close());

  const outbox = (query = "", headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: "GET", url: `/api/outbox${query}`, headers });
  const invite = (id: number, payload?: object) =>
    t.app.inject({ method: "POST", url: `/api/users/${id}/send-invitation`, headers: staff.headers, payload });

  async function respondentWith(contacts: Parameters<typeof createRespondent>[1]["contacts"]) {
    const chart = await createChart(t.db, { firstName: "Sam", lastName: unique("Fox") });
    const id = await createRespondent(t.db, { contacts });
    await linkToChart(t.db, id, chart.ccaId, 7);
    return id;
  }

  it("lists kept messages newest first, their links masked", async () => {
    const first = await createClinicalInvitee(t.db);
    const second = await createClinicalInvitee(t.db);
    await t.app.inject({ method: "POST", url: `/api/users/${first}/send-invitation`, headers: admin.headers });
    await t.app.inject({ method: "POST", url: `/api/users/${second}/send-invitation`, headers: admin.headers });
    const res = await outbox("?pageSize=2");
    expect(res.statusCode, res.body).toBe(200);
    const { rows, totalRecords } = res.json();
    expect(totalRecords).toBeGreaterThanOrEqual(2);
    expect(rows).toHaveLength(2);
    expect(rows[0].user_id).toBe(second);
    expect(rows[1].user_id).toBe(first);
    expect(rows[0]).toMatchObject({
      channel: "email",
      status: "kept",
      attempts: 0,
      purpose: "account_setup",
      recipient: expect.stringMatching(/@example\.org$/),
      subject: expect.any(String),
      body: expect.any(String),
      created_at: expect.any(String),
    });
    // The link is shown with its token masked (issue 8 §4); the live one is only in the stored
    // row the transport delivers, where a test reads it.
    expect(rows[0].link).toBe("http://127.0.0.1:3000/security/account-setup?token=••••");
    expect(rows[0].body).toContain(rows[0].link);
    const stored = await t.db
      .selectFrom("outbox_message")
      .select("link")
      .where("id", "=", rows[0].id)
      .executeTakeFirstOrThrow();
    const token = linkIn(stored.link as string, "/security/account-setup").searchParams.get("token");
    const check = await t.app.inject({ method: "GET", url: `/api/security/validate-token?token=${token}` });
    expect(check.statusCode).toBe(200);

    const page2 = await outbox("?pageSize=1&page=2");
    expect(page2.json().rows[0].id).toBe(rows[1].id);
    const filtered = await outbox("?status=sent");
    expect(filtered.json()).toEqual({ rows: [], totalRecords: 0 });
    expect((await outbox("?channel=email")).json().totalRecords).toBe(totalRecords);
  });

  it("is for admins only", async () => {
    const clinician = await signedInUser(t.db, { username: unique("c"), roles: ["clinician"] });
    const respondent = await signedInUser(t.db, { username: unique("r"), roles: ["respondent"], userType: "patient" });
    expect((await outbox("", staff.headers)).statusCode).toBe(403);
    expect((await outbox("", clinician.headers)).statusCode).toBe(403);
    expect((await outbox("", respondent.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/outbox" })).statusCode).toBe(401);
  });

  it("rejects a malformed query with the one error shape", async () => {
    for (const query of ["?pageSize=0", "?page=abc", "?status=lost", "?channel=fax", "?extra=1"]) {
      const res = await outbox(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe("validation");
    }
  });

  it("honours sms_enabled: off by default, a phone-only respondent cannot be invited", async () => {
    const phoneOnly = await respondentWith([{ channel: 2, value: "5552223333" }]);
    const off = await invite(phoneOnly);
    expect(off.statusCode).toBe(400);
    expect(off.json().error).toBe(NO_VALID_CONTACT);
    const asked = await invite(phoneOnly, { channel: "sms" });
    expect(asked.json().error).toBe(SMS_OFF);

    await setGeneralSetting(t.db, "sms_enabled", true);
    const on = await invite(phoneOnly);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ sent: true, channel: "sms", delivery: "kept" });
    const row = (await outbox("?channel=sms&pageSize=1")).json().rows[0];
    expect(row).toMatchObject({ recipient: "5552223333", status: "kept", subject: null });
    expect(row.body.length).toBeLessThanOrEqual(320);
    linkIn(row.body, "/security/account-setup");
    await setGeneralSetting(t.db, "sms_enabled", false);
  });

  it("honours email_enabled", async () => {
    const emailOnly = await respondentWith([{ channel: 1, value: `${unique("e")}@example.org` }]);
    await setGeneralSetting(t.db, "email_enabled", false);
    const off = await invite(emailOnly);
    expect(off.json().error).toBe(NO_VALID_CONTACT);
    expect((await invite(emailOnly, { channel: "email" })).json().error).toBe(EMAIL_OFF);
    await setGeneralSetting(t.db, "email_enabled", true);
    expect((await invite(emailOnly)).statusCode).toBe(200);
  });

  it("honours the patient's notification flags for the patient's own account", async () => {
    const chart = await createChart(t.db, { firstName: "Pat", lastName: unique("Self") });
    const email = `${unique("pat")}@example.org`;
    await t.db
      .updateTable("patient")
      .set({ email, email_notification: false })
      .where("id", "=", chart.patientId)
      .execute();
    expect((await invite(chart.selfUserId)).json().error).toBe(NO_VALID_CONTACT);
    await t.db.updateTable("patient").set({ email_notification: true }).where("id", "=", chart.patientId).execute();
    const res = await invite(chart.selfUserId);
    expect(res.statusCode, res.body).toBe(200);
    expect((await outbox("?pageSize=1")).json().rows[0].recipient).toBe(email);
  });

  it("prefers the primary contact of a channel", async () => {
    const primary = `${unique("primary")}@example.org`;
    const id = await respondentWith([
      { channel: 1, value: `${unique("second")}@example.org`, primary: false },
      { channel: 1, value: primary, primary: true },
    ]);
    expect((await invite(id)).statusCode).toBe(200);
    expect((await outbox("?pageSize=1")).json().rows[0].recipient).toBe(primary);
  });
});
