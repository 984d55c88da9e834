import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_EXPIRED } from "../../../src/server/accounts/setup-routes.ts";
import { USERNAME_IN_USE } from "../../../src/server/accounts/usernames.ts";
import { ACTIVITY } from "../../../src/server/auth/activity-log.ts";
import {
  activityCodes,
  bearer,
  createChart,
  createClinicalInvitee,
  lastMessage,
  linkIn,
  login,
  unique,
} from "../../helpers/accounts.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { createUser } from "../../helpers/users.ts";

const PASSWORD = "New#Account2026";
const EXPIRED = { error: LINK_EXPIRED, code: "link_expired" };

describe.each(DATABASES)("account setup on $name", (database) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(database, { config: { passwordMinLength: 10 } });
    admin = await signedInUser(t.db, { username: unique("admin"), roles: ["admin"] });
  });
  afterAll(async () => t.close());

  /** Invites a new clinical user and answers the token of the link that was sent. */
  async function invitedClinician(firstName = "Drew"): Promise<{ id: number; token: string }> {
    const id = await createClinicalInvitee(t.db, { firstName });
    const res = await t.app.inject({ method: "POST", url: `/api/users/${id}/send-invitation`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const link = linkIn((await lastMessage(t.db))?.body ?? "", "/security/account-setup");
    return { id, token: link.searchParams.get("token") as string };
  }
  const validate = (token: string) =>
    t.app.inject({ method: "GET", url: `/api/security/validate-token?token=${encodeURIComponent(token)}` });
  const setup = (body: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/security/account-setup", payload: body });
  const setupBody = (token: string, username: string, overrides: Record<string, unknown> = {}) => ({
    token,
    username,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  });

  it("validate-token answers the first name for a live link", async () => {
    const { token } = await invitedClinician("Drew");
    const res = await validate(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, firstName: "Drew" });
  });

  it("unknown, malformed and missing tokens all read 'Your link has expired'", async () => {
    for (const token of ["nope", "x".repeat(43)]) {
      const res = await validate(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(EXPIRED);
    }
    const missing = await t.app.inject({ method: "GET", url: "/api/security/validate-token" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(LINK_EXPIRED);
  });

  it("sets username and password, activates, signs in; the new password then works and the link is spent", async () => {
    const { id, token } = await invitedClinician();
    const username = unique("drew.k");
    const res = await setup(setupBody(token, username));
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      user: { id, username, status: 2, isAccountActive: true, mustChangePassword: false },
    });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/security/get-session",
      headers: bearer(session.accessToken),
    });
    expect(me.statusCode).toBe(200);

    const signedIn = await login(t.app, username.toUpperCase(), PASSWORD);
    expect(signedIn.user.id).toBe(id);
    expect(await activityCodes(t.db, id)).toEqual([
      ACTIVITY.invitationSent,
      ACTIVITY.accountCreated,
      ACTIVITY.accountActivated,
      ACTIVITY.loginSuccess,
      ACTIVITY.loginSuccess,
    ]);

    expect((await validate(token)).json()).toEqual(EXPIRED);
    const again = await setup(setupBody(token, unique("other")));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(EXPIRED);
  });

  it("a patient's own account becomes a respondent with my-account access", async () => {
    const chart = await createChart(t.db, { firstName: "Jo", lastName: unique("Self") });
    await t.db
      .insertInto("contact")
      .values({ user_id: chart.selfUserId, channel: 1, value: `${unique("jo")}@example.org` })
      .execute();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/users/${chart.selfUserId}/send-invitation`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = linkIn((await lastMessage(t.db))?.body ?? "", "/security/account-setup").searchParams.get(
      "token",
    ) as string;
    const session = (await setup(setupBody(token, unique("jo")))).json();
    expect(session.user.roles).toEqual(["respondent"]);
    expect(session.user.permissions).toContain("respondent.account");
    const mine = await t.app.inject({
      method: "GET",
      url: `/api/users/${chart.selfUserId}`,
      headers: bearer(session.accessToken),
    });
    expect(mine.statusCode).toBe(200);
  });

  it("refuses a username in use (in any letter case) and keeps the link usable", async () => {
    const taken = unique("Taken.Name");
    await createUser(t.db, { username: taken, roles: ["clinician"] });
    const { token } = await invitedClinician();
    const res = await setup(setupBody(token, taken.toLowerCase()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: USERNAME_IN_USE,
      code: "validation",
      errors: [{ field: "username", message: USERNAME_IN_USE }],
    });
    expect((await validate(token)).statusCode).toBe(200);
    expect((await setup(setupBody(token, unique("free")))).statusCode).toBe(200);
  });

  it("checks the username rule, the password rule (with PASSWORD_MIN_LENGTH) and the confirmation", async () => {
    const { token } = await invitedClinician();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { username: "a b" },
        "username",
        "Username must be 3 to 64 letters, numbers, periods, hyphens or underscores, with no spaces.",
      ],
      [
        { username: "ab" },
        "username",
        "Username must be 3 to 64 letters, numbers, periods, hyphens or underscores, with no spaces.",
      ],
      [
        { username: ".dot" },
        "username",
        "Username must be 3 to 64 letters, numbers, periods, hyphens or underscores, with no spaces.",
      ],
      [{ username: "   " }, "username", "Username is required"],
      [{ password: "short#A1", confirmPassword: "short#A1" }, "password", "Invalid password."],
      [{ password: "Abc#12345x", confirmPassword: "Abc#12345y" }, "confirmPassword", "Those passwords don't match."],
      [{ password: "nouppercase#1", confirmPassword: "nouppercase#1" }, "password", "Invalid password."],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await setup(setupBody(token, unique("ok"), overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    // 9 characters pass the schema's floor of 8 but not this deployment's minimum of 10.
    const nine = await setup(setupBody(token, unique("ok"), { password: "Nine#char", confirmPassword: "Nine#char" }));
    expect(nine.json().errors).toEqual([{ field: "password", message: "Invalid password." }]);
    expect((await validate(token)).statusCode).toBe(200);
    const missing = await setup({ token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("validation");
  });

  it("an expired link, a canceled invitation or a deactivated account: the link has expired", async () => {
    const expired = await invitedClinician();
    await t.db
      .updateTable("one_time_token")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", expired.id)
      .execute();
    expect((await validate(expired.token)).json()).toEqual(EXPIRED);
    expect((await setup(setupBody(expired.token, unique("late")))).json()).toEqual(EXPIRED);

    const deactivated = await invitedClinician();
    await t.db.updateTable("app_user").set({ status: 1 }).where("id", "=", deactivated.id).execute();
    expect((await validate(deactivated.token)).json()).toEqual(EXPIRED);
    expect((await setup(setupBody(deactivated.token, unique("gone")))).json()).toEqual(EXPIRED);
  });

  it("two submissions of one link at once: exactly one succeeds", async () => {
    const { token } = await invitedClinician();
    const [a, b] = await Promise.all([
      setup(setupBody(token, unique("race"))),
      setup(setupBody(token, unique("race"))),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  describe("GET /api/security/username (is a username free?)", () => {
    it("answers the holder of a live link and a signed-in user, no one else", async () => {
      const taken = unique("someone");
      await createUser(t.db, { username: taken, roles: ["clinician"] });
      const { token } = await invitedClinician();
      const ask = (query: string, headers?: Record<string, string>) =>
        t.app.inject({ method: "GET", url: `/api/security/username?${query}`, headers });

      expect((await ask(`username=${taken.toUpperCase()}&token=${token}`)).json()).toEqual({
        username: taken.toUpperCase(),
        available: false,
      });
      expect((await ask(`username=${unique("free")}&token=${token}`)).json().available).toBe(true);
      expect((await ask(`username=${admin.id}x&token=nope`)).json()).toEqual(EXPIRED);
      expect((await ask(`username=${taken}`, admin.headers)).json().available).toBe(false);
      const own = await t.db
        .selectFrom("app_user")
        .select("username")
        .where("id", "=", admin.id)
        .executeTakeFirstOrThrow();
      expect((await ask(`username=${own.username}`, admin.headers)).json().available).toBe(true);
      const anonymous = await ask(`username=${taken}`);
      expect(anonymous.statusCode).toBe(401);
      expect((await ask("token=abc")).statusCode).toBe(400);
    });
  });
});
