import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_KEY_INVALID } from "../../../src/server/accounts/recovery-routes.ts";
import { LINK_EXPIRED } from "../../../src/server/accounts/setup-routes.ts";
import {
  accountsConfig,
  codeIn,
  createChart,
  createClinicalInvitee,
  createRespondent,
  linkIn,
  linkToChart,
  login,
  queueSchemaFor,
  unique,
} from "../../helpers/accounts.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { TestSmtpServer } from "../../helpers/smtp.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

const PASSWORD = "Mailed#Link2026";

/** The whole account lifecycle through a real SMTP server: what a person does with their inbox. */
describe.each(DATABASES)("account emails through a real SMTP server on $name", (database) => {
  let t: TestApp;
  const smtp = new TestSmtpServer();
  const queue = queueSchemaFor(database);
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp(database, {
      config: accountsConfig({
        smtpUrl: smtp.url,
        publicUrl: "https://mbc.clinic.test",
        queueSchema: queue.schema,
        queuePollIntervalMs: 100,
        queueRetryDelaySeconds: 0,
      }),
    });
    admin = await signedInUser(t.db, { username: unique("admin"), roles: ["admin"] });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await queue.drop();
  });

  const post = (url: string, payload: object) => t.app.inject({ method: "POST", url: `/api/security/${url}`, payload });

  it("an invitation arrives, its link sets up the account, sign-in works, and the link is then spent", async () => {
    const id = await createClinicalInvitee(t.db, { firstName: "Morgan" });
    const { email } = await t.db.selectFrom("app_user").select("email").where("id", "=", id).executeTakeFirstOrThrow();
    const invited = await t.app.inject({
      method: "POST",
      url: `/api/users/${id}/send-invitation`,
      headers: admin.headers,
    });
    expect(invited.json()).toMatchObject({ sent: true, delivery: "queued" });

    const mail = await smtp.waitFor((m) => m.to.includes(email as string));
    const link = linkIn(mail.text, "/security/account-setup");
    expect(link.origin + link.pathname).toBe("https://mbc.clinic.test/security/account-setup");
    const token = link.searchParams.get("token") as string;

    const check = await t.app.inject({ method: "GET", url: `/api/security/validate-token?token=${token}` });
    expect(check.json()).toEqual({ valid: true, firstName: "Morgan" });
    const username = unique("morgan");
    const setup = await post("account-setup", { token, username, password: PASSWORD, confirmPassword: PASSWORD });
    expect(setup.statusCode, setup.body).toBe(200);
    expect((await login(t.app, username, PASSWORD)).user.id).toBe(id);

    const spent = await post("account-setup", {
      token,
      username: unique("again"),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(spent.statusCode).toBe(400);
    expect(spent.json()).toEqual({ error: LINK_EXPIRED, code: "link_expired" });
  });

  it("forgot password: the reset link arrives, resets the password once, and is then spent", async () => {
    const username = unique("forgetful");
    const email = `${unique("forgetful")}@example.org`;
    const id = await createRespondent(t.db, { username, status: 2, contacts: [{ channel: 1, value: email }] });
    expect((await post("forgot-password", { email })).statusCode).toBe(200);

    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toMatch(/^Reset your .+ password$/);
    expect(mail.text).toContain(username);
    const key = linkIn(mail.text, "/security/reset-password").searchParams.get("key") as string;
    const reset = await post("reset-password", { key, password: PASSWORD, confirmPassword: PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().user.id).toBe(id);
    expect((await login(t.app, username, PASSWORD)).user.id).toBe(id);

    const spent = await post("reset-password", { key, password: "Again#Pass2026", confirmPassword: "Again#Pass2026" });
    expect(spent.json()).toEqual({ error: RESET_KEY_INVALID, code: "link_expired" });
  });

  it("forgot username and an access code arrive by email too", async () => {
    const username = unique("kit");
    const email = `${unique("kit")}@example.org`;
    const chart = await createChart(t.db, { firstName: "Kit", lastName: "Vale" });
    const id = await createRespondent(t.db, { username, status: 2, contacts: [{ channel: 1, value: email }] });
    await linkToChart(t.db, id, chart.ccaId, 6);

    await post("recover-username", { email });
    const reminder = await smtp.waitFor((m) => m.to.includes(email) && /username/i.test(m.subject));
    expect(reminder.text).toContain(`Username: ${username}`);

    await post("generate-access-code", { identifier: username });
    const codeMail = await smtp.waitFor((m) => m.to.includes(email) && /access code/i.test(m.subject));
    const signIn = await post("validate-access-code", { identifier: username, code: codeIn(codeMail.text) });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().user.id).toBe(id);
  });
});
