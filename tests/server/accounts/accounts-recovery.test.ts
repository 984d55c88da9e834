import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_REQUESTS } from "../../../src/server/accounts/rate-limit.ts";
import {
  NOT_SET_UP,
  RESET_KEY_INVALID,
  RESET_SENT,
  USERNAME_SENT,
} from "../../../src/server/accounts/recovery-routes.ts";
import { ACTIVITY } from "../../../src/server/auth/activity-log.ts";
import {
  accountsConfig,
  activityCodes,
  bearer,
  createChart,
  createRespondent,
  lastMessage,
  linkIn,
  linkToChart,
  login,
  messageCount,
  unique,
} from "../../helpers/accounts.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { createUser, TEST_PASSWORD } from "../../helpers/users.ts";

const NEW_PASSWORD = "Reset#Done2026";
const KEY_INVALID = { error: RESET_KEY_INVALID, code: "link_expired" };

describe.each(DATABASES)("recovery: forgot username, forgot and reset password on $name", (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: unknown, headers?: Record<string, string>) =>
    t.app.inject({ method: "POST", url: `/api/security/${url}`, payload: payload as object, headers });
  const emailOf = async (id: number) =>
    (await t.db.selectFrom("app_user").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email as string;
  /** A clinical user (active, TEST_PASSWORD) with its username and email. */
  async function member(status = 2) {
    const username = unique("member");
    const id = await createUser(t.db, { username, roles: ["clinician"], status });
    return { id, username, email: await emailOf(id) };
  }
  async function resetKeyFor(email: string): Promise<string> {
    const message = await lastMessage(t.db, email);
    return linkIn(message?.body ?? "", "/security/reset-password").searchParams.get("key") as string;
  }
  const statusOf = async (id: number) =>
    (await t.db.selectFrom("app_user").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

  describe("recover-username", () => {
    it("sends the username to the account's email and logs 'Username recovered'", async () => {
      const { id, username, email } = await member();
      const res = await post("recover-username", { email: email.toUpperCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: USERNAME_SENT });
      const message = await lastMessage(t.db, email);
      expect(message).toMatchObject({ channel: "email", purpose: "username_recovery", user_id: id });
      expect(message?.body).toContain(`Username: ${username}`);
      expect(message?.body).not.toMatch(/password/i);
      expect(await activityCodes(t.db, id)).toEqual([ACTIVITY.usernameRecovered]);
    });

    it("one message lists every account reachable at the address", async () => {
      const shared = `${unique("family")}@example.org`;
      const a = await createRespondent(t.db, {
        username: unique("parentA"),
        status: 2,
        contacts: [{ channel: 1, value: shared }],
      });
      const b = await createRespondent(t.db, {
        username: unique("parentB"),
        status: 2,
        contacts: [{ channel: 1, value: shared }],
      });
      const before = await messageCount(t.db);
      await post("recover-username", { email: shared });
      expect(await messageCount(t.db)).toBe(before + 1);
      const message = await lastMessage(t.db, shared);
      expect(message?.body).toMatch(/Usernames: .+, .+/);
      expect(message?.user_id).toBeNull();
      expect(await activityCodes(t.db, a)).toEqual([ACTIVITY.usernameRecovered]);
      expect(await activityCodes(t.db, b)).toEqual([ACTIVITY.usernameRecovered]);
    });

    it("answers an unknown address exactly like a known one, and sends nothing", async () => {
      const { email } = await member();
      const known = await post("recover-username", { email });
      const before = await messageCount(t.db);
      const unknown = await post("recover-username", { email: `${unique("nobody")}@example.org` });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(await messageCount(t.db)).toBe(before);
    });

    it("does not answer for inactive or not yet set up accounts", async () => {
      const inactive = await member(1);
      const before = await messageCount(t.db);
      expect((await post("recover-username", { email: inactive.email })).json()).toEqual({ message: USERNAME_SENT });
      expect(await messageCount(t.db)).toBe(before);
    });

    it("validates the email", async () => {
      const res = await post("recover-username", { email: "not-an-email" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: "email", message: "Invalid email" }]);
      expect((await post("recover-username", {})).json().errors).toEqual([
        { field: "email", message: "Email is required" },
      ]);
    });
  });

  describe("forgot-password and reset-password", () => {
    it("sends a single-use reset link; resetting signs in, activates, logs, and ends other sessions", async () => {
      const { id, username, email } = await member();
      const otherSession = await login(t.app, username);
      const res = await post("forgot-password", { username: username.toUpperCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: RESET_SENT });
      const message = await lastMessage(t.db, email);
      expect(message).toMatchObject({ purpose: "password_reset", user_id: id });
      expect(message?.body).toContain(username);
      const key = await resetKeyFor(email);

      const reset = await post("reset-password", { key, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toMatchObject({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        user: { id, status: 2, mustChangePassword: false },
      });
      expect((await login(t.app, username, NEW_PASSWORD)).user.id).toBe(id);
      const oldPassword = await post("login", { username, password: TEST_PASSWORD });
      expect(oldPassword.statusCode).toBe(401);
      const renew = await post("renew-token", { refreshToken: otherSession.refreshToken });
      expect(renew.statusCode).toBe(401);
      expect(await activityCodes(t.db, id)).toEqual([
        ACTIVITY.loginSuccess,
        ACTIVITY.resetRequestSent,
        ACTIVITY.passwordReset,
        ACTIVITY.loginSuccess,
        ACTIVITY.loginSuccess,
        ACTIVITY.loginFailed,
      ]);

      const again = await post("reset-password", {
        key,
        password: "Other#Pass2026",
        confirmPassword: "Other#Pass2026",
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(KEY_INVALID);
    });

    it("finds the account by email too; a new request makes the earlier link stop working", async () => {
      const { email } = await member();
      await post("forgot-password", { email });
      const first = await resetKeyFor(email);
      await post("forgot-password", { email });
      const second = await resetKeyFor(email);
      expect(second).not.toBe(first);
      const stale = await post("reset-password", { key: first, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(stale.json()).toEqual(KEY_INVALID);
      const fresh = await post("reset-password", {
        key: second,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(fresh.statusCode).toBe(200);
    });

    it("answers unknown usernames and emails exactly like known ones, and sends nothing", async () => {
      const { username, email } = await member();
      const knownName = await post("forgot-password", { username });
      const knownEmail = await post("forgot-password", { email });
      const before = await messageCount(t.db);
      const unknownName = await post("forgot-password", { username: unique("ghost") });
      const unknownEmail = await post("forgot-password", { email: `${unique("ghost")}@example.org` });
      for (const unknown of [unknownName, unknownEmail]) {
        expect(unknown.statusCode).toBe(knownName.statusCode);
        expect(unknown.body).toBe(knownName.body);
      }
      expect(knownEmail.body).toBe(knownName.body);
      expect(await messageCount(t.db)).toBe(before);
    });

    it("completes an admin reset (status 5) and unlocks a locked account", async () => {
      const { id, username, email } = await member(5);
      await t.db
        .updateTable("app_user")
        .set({ failed_logins: 5, locked_until: new Date(Date.now() + 600_000) })
        .where("id", "=", id)
        .execute();
      await post("forgot-password", { username });
      const key = await resetKeyFor(email);
      const reset = await post("reset-password", { key, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().user).toMatchObject({ status: 2, mustChangePassword: false });
      expect(await statusOf(id)).toBe(2);
      expect((await login(t.app, username, NEW_PASSWORD)).user.status).toBe(2);
    });

    it("sends nothing for accounts that are inactive or not set up", async () => {
      const before = await messageCount(t.db);
      for (const status of [1, 3, 4]) {
        const { username } = await member(status);
        expect((await post("forgot-password", { username })).json()).toEqual({ message: RESET_SENT });
      }
      expect(await messageCount(t.db)).toBe(before);
    });

    it("refuses weak passwords and mismatches without spending the key; expired and unknown keys read the same", async () => {
      const { id, username, email } = await member();
      await post("forgot-password", { username });
      const key = await resetKeyFor(email);
      const weak = await post("reset-password", { key, password: "weakpass", confirmPassword: "weakpass" });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors).toEqual([{ field: "password", message: "Invalid password." }]);
      const mismatch = await post("reset-password", { key, password: NEW_PASSWORD, confirmPassword: "Other#2026x" });
      expect(mismatch.json().errors).toEqual([{ field: "confirmPassword", message: "Those passwords don't match." }]);
      await t.db
        .updateTable("one_time_token")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("user_id", "=", id)
        .where("purpose", "=", "password_reset")
        .execute();
      expect(
        (await post("reset-password", { key, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).json(),
      ).toEqual(KEY_INVALID);
      expect(
        (
          await post("reset-password", { key: "unknown", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
        ).json(),
      ).toEqual(KEY_INVALID);
      expect((await post("reset-password", { password: NEW_PASSWORD })).statusCode).toBe(400);
      expect((await post("forgot-password", {})).json().errors).toEqual([
        { field: "username", message: "Enter your username or email." },
      ]);
    });
  });

  describe("reset-user-password/:id (a respondent's reset link sent by the clinic)", () => {
    it("staff and a clinician with chart access may send it; others may not", async () => {
      const clinician = await signedInUser(t.db, { username: unique("clin"), roles: ["clinician"] });
      const stranger = await signedInUser(t.db, { username: unique("clin"), roles: ["clinician"] });
      const staff = await signedInUser(t.db, { username: unique("staff"), roles: ["staff"] });
      const director = await signedInUser(t.db, { username: unique("dir"), roles: ["director"] });
      const chart = await createChart(t.db, { firstName: "Lu", lastName: unique("Ray"), clinicians: [clinician.id] });
      const email = `${unique("lu")}@example.org`;
      const parent = await createRespondent(t.db, {
        username: unique("lu"),
        status: 2,
        contacts: [{ channel: 1, value: email }],
      });
      await linkToChart(t.db, parent, chart.ccaId, 4);
      const send = (headers?: Record<string, string>, id = parent) =>
        post(`reset-user-password/${id}`, undefined, headers);

      expect((await send(stranger.headers)).statusCode).toBe(404);
      expect((await send(director.headers)).statusCode).toBe(403);
      expect((await send()).statusCode).toBe(401);
      const byClinician = await send(clinician.headers);
      expect(byClinician.statusCode, byClinician.body).toBe(200);
      expect(byClinician.json()).toEqual({ sent: true, channel: "email", delivery: "kept" });
      expect((await send(staff.headers)).statusCode).toBe(200);
      const key = await resetKeyFor(email);
      const reset = await post("reset-password", { key, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(reset.json().user.id).toBe(parent);
      const log = await t.db
        .selectFrom("activity_log")
        .select(["code", "actor_id"])
        .where("user_id", "=", parent)
        .orderBy("id")
        .execute();
      expect(log.slice(0, 2)).toEqual([
        { code: ACTIVITY.resetRequestSent, actor_id: clinician.id },
        { code: ACTIVITY.resetRequestSent, actor_id: staff.id },
      ]);

      // Not for clinical users, nor for accounts that were never set up.
      const admin = await signedInUser(t.db, { username: unique("admin"), roles: ["admin"] });
      expect((await send(admin.headers, clinician.id)).statusCode).toBe(404);
      const fresh = await createRespondent(t.db, { contacts: [{ channel: 1, value: `${unique("f")}@example.org` }] });
      await linkToChart(t.db, fresh, chart.ccaId, 5);
      const notSetUp = await send(staff.headers, fresh);
      expect(notSetUp.statusCode).toBe(400);
      expect(notSetUp.json().error).toBe(NOT_SET_UP);
      expect((await send(staff.headers, 0)).statusCode).toBe(400);
    });
  });

  it("change-password is refused to a respondent whose account is not active", async () => {
    const username = unique("resp");
    const id = await createRespondent(t.db, { username, status: 5 });
    const session = await login(t.app, username);
    expect(session.user.status).toBe(5);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/security/change-password",
      headers: bearer(session.accessToken),
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("forbidden");
    expect(await statusOf(id)).toBe(5);
  });
});

describe.each(DATABASES)("rate limits on the public recovery routes on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, { config: accountsConfig({ rateLimitMax: 3, rateLimitWindowSeconds: 60 }) });
  });
  afterAll(async () => t.close());

  it("answers 429 in the one error shape once an address has used its attempts", async () => {
    const ask = () =>
      t.app.inject({ method: "POST", url: "/api/security/forgot-password", payload: { username: "someone" } });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: TOO_MANY_REQUESTS, code: "rate_limited" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/security/forgot-password",
      payload: { username: "someone" },
      remoteAddress: "10.0.0.9",
    });
    expect(other.statusCode).toBe(200);
    const bodies: Record<string, object> = {
      "validate-access-code": { identifier: "x", code: "123456" },
      "generate-access-code": { identifier: "x" },
      "recover-username": { email: "x@example.org" },
      "reset-password": { key: "k", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    };
    for (const [url, payload] of Object.entries(bodies)) {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await t.app.inject({ method: "POST", url: `/api/security/${url}`, payload })).statusCode);
      expect(statuses.slice(0, 3), url).not.toContain(429);
      expect(statuses[3], url).toBe(429);
    }
  });
});
