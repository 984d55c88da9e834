import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  codeIn,
  createChart,
  createClinicalInvitee,
  createRespondent,
  linkToChart,
  unique,
} from "../helpers/accounts.ts";
import { signedInUser } from "../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";

type OutboxRow = { id: number; subject: string | null; body: string; link: string | null; purpose: string | null };

/**
 * Issue 8 §4: the admin outbox showed live setup and reset links and access codes, so an admin
 * could sign in as anyone. Now each message is shown with its secret masked; the stored row (what
 * the transport delivers) keeps the live one until delivery.
 */
describe.each(DATABASES)("outbox secrets on $name", (database) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let respondentEmail: string;
  let ccauId: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = await signedInUser(t.db, { username: unique("admin"), roles: ["admin"] });
    respondentEmail = `${unique("robin")}@example.org`;
    const chart = await createChart(t.db, { firstName: "Sam", lastName: unique("Fox") });
    const respondent = await createRespondent(t.db, {
      username: unique("robin"),
      status: 2,
      contacts: [{ channel: 1, value: respondentEmail }],
    });
    ccauId = await linkToChart(t.db, respondent, chart.ccaId, 7);

    const invitee = await createClinicalInvitee(t.db);
    const post = (url: string, payload?: object) =>
      t.app.inject({ method: "POST", url, headers: admin.headers, payload });
    expect((await post(`/api/users/${invitee}/send-invitation`)).statusCode).toBe(200);
    expect((await post(`/api/security/reset-user-password/${respondent}`)).statusCode).toBe(200);
    expect((await post("/api/security/secure-generate-access-code", { ccauId })).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it("shows every link and code masked to an admin, while the stored message keeps the live one", async () => {
    const stored = await t.db
      .selectFrom("outbox_message")
      .select(["id", "body", "link", "secret", "purpose"])
      .orderBy("id")
      .execute();
    expect(stored.map((m) => m.purpose)).toEqual(["account_setup", "password_reset", "access_code"]);
    const secrets = stored.map((m) => m.secret as string);
    const tokens = stored.filter((m) => m.link).map((m) => [...new URL(m.link as string).searchParams.values()][0]);
    expect(tokens).toHaveLength(2);
    const code = codeIn(stored[2].body);
    // What the transport delivers still carries the live secret.
    for (const m of stored) expect(m.body).toContain(m.secret);

    const res = await t.app.inject({ method: "GET", url: "/api/outbox?pageSize=50", headers: admin.headers });
    expect(res.statusCode).toBe(200);
    for (const live of [...secrets, ...tokens, code]) expect(res.body).not.toContain(live);
    expect(res.body).not.toContain('"secret"');
    const rows = res.json().rows as OutboxRow[];
    const byPurpose = Object.fromEntries(rows.map((r) => [r.purpose, r]));
    expect(byPurpose.account_setup.link).toMatch(/\/security\/account-setup\?token=••••$/);
    expect(byPurpose.account_setup.body).toContain(byPurpose.account_setup.link);
    expect(byPurpose.password_reset.link).toMatch(/\/security\/reset-password\?\w+=••••$/);
    expect(byPurpose.access_code.body).toContain("access code is ••••");

    // The masked link opens nothing.
    const masked = new URL(byPurpose.account_setup.link as string).searchParams.get("token") as string;
    const check = await t.app.inject({
      method: "GET",
      url: `/api/security/validate-token?token=${encodeURIComponent(masked)}`,
    });
    expect(check.statusCode).toBe(400);
  });
});
