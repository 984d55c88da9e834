import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppConfig, loadConfig } from "../../../src/server/config.ts";
import { MessageQueue } from "../../../src/server/messaging/message-queue.ts";
import {
  accountsConfig,
  createChart,
  createClinicalInvitee,
  createRespondent,
  eventually,
  linkIn,
  linkToChart,
  queueSchemaFor,
  setGeneralSetting,
  unique,
} from "../../helpers/accounts.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { TestSmtpServer } from "../../helpers/smtp.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

/** A stand-in SMS provider on a loopback port: records requests, answers as told. */
class TestSmsProvider {
  readonly requests: { headers: IncomingMessage["headers"]; body: Record<string, string> }[] = [];
  failNext = 0;
  private server!: Server;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        if (this.failNext > 0) {
          this.failNext -= 1;
          res.writeHead(503, { "content-type": "application/json" }).end('{"error":"busy"}');
          return;
        }
        this.requests.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
        res
          .writeHead(201, { "content-type": "application/json" })
          .end(JSON.stringify({ status: "queued", id: "SM42" }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/messages`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe.each(DATABASES)("message delivery through the queue on $name", (database) => {
  let t: TestApp;
  const smtp = new TestSmtpServer();
  const sms = new TestSmsProvider();
  const queue = queueSchemaFor(database);
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let config: Partial<AppConfig>;

  beforeAll(async () => {
    await smtp.start();
    await sms.start();
    config = accountsConfig({
      smtpUrl: smtp.url,
      mailFrom: "Clinic <no-reply@clinic.test>",
      smsProviderUrl: sms.url,
      smsToken: "sms-secret-token",
      smsAccount: "AC123",
      smsFrom: "+15550000000",
      publicUrl: "https://mbc.clinic.test",
      queueSchema: queue.schema,
      queuePollIntervalMs: 100,
      queueRetryLimit: 2,
      queueRetryDelaySeconds: 0,
    });
    t = await createTestApp(database, { config });
    admin = await signedInUser(t.db, { username: unique("admin"), roles: ["admin"] });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await sms.stop();
    await queue.drop();
  });

  const emailOf = async (id: number) =>
    (await t.db.selectFrom("app_user").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email as string;
  const rowFor = (recipient: string) =>
    t.db
      .selectFrom("outbox_message")
      .selectAll()
      .where("recipient", "=", recipient)
      .orderBy("id", "desc")
      .executeTakeFirst();
  const invite = (id: number) =>
    t.app.inject({ method: "POST", url: `/api/users/${id}/send-invitation`, headers: admin.headers });

  it("delivers an invitation through SMTP and records it; the stored copy loses its link", async () => {
    const id = await createClinicalInvitee(t.db, { firstName: "Jamie" });
    const to = await emailOf(id);
    const res = await invite(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, channel: "email", delivery: "queued" });

    const mail = await smtp.waitFor((m) => m.to.includes(to));
    expect(mail.from).toBe("no-reply@clinic.test");
    expect(mail.subject).toMatch(/^Set up your .+ account$/);
    expect(mail.text).toContain("Hello Jamie");
    const link = linkIn(mail.text, "/security/account-setup");
    expect(link.origin).toBe("https://mbc.clinic.test");

    const row = await eventually(async () => {
      const r = await rowFor(to);
      return r?.status === "sent" ? r : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, last_error: null, link: null, secret: null });
    expect(row.provider_status).toMatch(/^250/);
    expect(row.sent_at).not.toBeNull();
    expect(row.body).not.toContain(link.searchParams.get("token"));
    expect(row.body).toContain("[removed after delivery]");
  });

  it("answers at once even when the mail server is slow: the request only queues", async () => {
    const id = await createClinicalInvitee(t.db);
    const to = await emailOf(id);
    smtp.delayNextMs = 1500;
    const started = Date.now();
    const res = await invite(id);
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await rowFor(to))?.status).toBe("queued");
    await smtp.waitFor((m) => m.to.includes(to));
    await eventually(async () => (await rowFor(to))?.status === "sent");
  });

  it("retries when the mail server refuses the first attempt, and records the refusal", async () => {
    const id = await createClinicalInvitee(t.db);
    const to = await emailOf(id);
    const refusalsBefore = smtp.refusals;
    smtp.refuseNext = 1;
    expect((await invite(id)).statusCode).toBe(200);
    await smtp.waitFor((m) => m.to.includes(to));
    const row = await eventually(async () => {
      const r = await rowFor(to);
      return r?.status === "sent" ? r : undefined;
    });
    expect(smtp.refusals - refusalsBefore).toBe(1);
    expect(row.attempts).toBe(2);
    expect(row.last_error).toMatch(/451/);
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it("gives up after the retry limit and marks the message failed", async () => {
    const id = await createClinicalInvitee(t.db);
    const to = await emailOf(id);
    smtp.refuseNext = 3; // the first try and both retries
    expect((await invite(id)).statusCode).toBe(200);
    const row = await eventually(async () => {
      const r = await rowFor(to);
      return r?.status === "failed" ? r : undefined;
    });
    expect(row.attempts).toBe(3);
    expect(row.last_error).toMatch(/451/);
    expect(row.sent_at).toBeNull();
    // A failed message keeps its link: an admin can still see what was not delivered.
    expect(row.link).toMatch(/\/security\/account-setup\?token=/);
    expect(smtp.received.some((m) => m.to.includes(to))).toBe(false);
  });

  it("sends text messages through the HTTP provider when SMS is on, and records the provider's status", async () => {
    await setGeneralSetting(t.db, "sms_enabled", true);
    const clinician = await signedInUser(t.db, { username: unique("clin"), roles: ["clinician"] });
    const chart = await createChart(t.db, { firstName: "Ari", lastName: "Stone", clinicians: [clinician.id] });
    const parent = await createRespondent(t.db, { contacts: [{ channel: 2, value: "5551234567" }] });
    await linkToChart(t.db, parent, chart.ccaId, 5);
    sms.failNext = 1;
    const res = await t.app.inject({
      method: "POST",
      url: `/api/users/${parent}/send-invitation`,
      headers: clinician.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, channel: "sms", delivery: "queued" });

    const row = await eventually(async () => {
      const r = await rowFor("5551234567");
      return r?.status === "sent" ? r : undefined;
    });
    expect(row).toMatchObject({ channel: "sms", attempts: 2, provider_status: "queued SM42" });
    expect(row.last_error).toMatch(/503/);
    const request = sms.requests.at(-1);
    expect(request?.headers.authorization).toBe("Bearer sms-secret-token");
    expect(request?.headers["x-sms-account"]).toBe("AC123");
    expect(request?.body.to).toBe("+15551234567");
    expect(request?.body.from).toBe("+15550000000");
    expect(linkIn(request?.body.body ?? "", "/security/account-setup").origin).toBe("https://mbc.clinic.test");
    await setGeneralSetting(t.db, "sms_enabled", false);
  });

  it("email before SMS when both are reachable; the channel can be asked for", async () => {
    await setGeneralSetting(t.db, "sms_enabled", true);
    const parent = await createRespondent(t.db, {
      contacts: [
        { channel: 2, value: "5559876543" },
        { channel: 1, value: `${unique("both")}@example.org` },
      ],
    });
    const chart = await createChart(t.db, { firstName: "Bo", lastName: "Reed" });
    await linkToChart(t.db, parent, chart.ccaId, 6);
    const byDefault = await invite(parent);
    expect(byDefault.json()).toMatchObject({ sent: true, channel: "email" });
    const bySms = await t.app.inject({
      method: "POST",
      url: `/api/users/${parent}/send-invitation`,
      headers: admin.headers,
      payload: { channel: "sms" },
    });
    expect(bySms.json()).toMatchObject({ sent: true, channel: "sms" });
    await eventually(async () => (await rowFor("5559876543"))?.status === "sent");
    await setGeneralSetting(t.db, "sms_enabled", false);
  });

  it("a message queued in a transaction that rolls back is neither stored nor sent", async () => {
    const queueOfAnotherProcess = new MessageQueue({
      config: { ...loadConfig({}), ...config, databaseUrl: undefined },
      db: t.db,
      dbKind: database.name,
      log: t.app.log,
    });
    const to = `${unique("rollback")}@example.org`;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await queueOfAnotherProcess.enqueue(trx, { channel: "email", recipient: to, subject: "x", body: "never" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await rowFor(to)).toBeUndefined();

    // Queued by a process whose worker is not running: this app's worker delivers it from the table.
    const kept = `${unique("other")}@example.org`;
    const queued = await queueOfAnotherProcess.enqueue(t.db, {
      channel: "email",
      recipient: kept,
      subject: "From elsewhere",
      body: "Queued by another node.",
    });
    expect(queued.status).toBe("queued");
    const mail = await smtp.waitFor((m) => m.to.includes(kept));
    expect(mail.text).toBe("Queued by another node.");
    await eventually(async () => (await rowFor(kept))?.status === "sent");
    expect(smtp.received.some((m) => m.to.includes(to))).toBe(false);
    await queueOfAnotherProcess.stop();
  });
});
