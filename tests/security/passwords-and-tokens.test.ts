import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_CONTAINS_USERNAME, PASSWORD_TOO_COMMON } from "../../src/shared/passwords/password-strength.ts";
import { accountsConfig, unique } from "../helpers/accounts.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { createUser, TEST_PASSWORD } from "../helpers/users.ts";

const SECRET = "test-secret-test-secret-test-secret-0123456789";
const COMMON = ["Password1!", "Passw0rd!", "P@ssw0rd", "Welcome1!"];

describe.each(DATABASES)("passwords and tokens on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t.close());

  const signIn = async (app: TestApp, username: string) => {
    const res = await app.app.inject({
      method: "POST",
      url: "/api/security/login",
      payload: { username, password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { accessToken: string; refreshToken: string; user: { id: number } };
  };
  const renew = (app: TestApp, refreshToken: string) =>
    app.app.inject({ method: "POST", url: "/api/security/renew-token", payload: { refreshToken } });

  describe("the password strength rule", () => {
    it("refuses common and breached-style passwords with a clear sentence", async () => {
      for (const password of COMMON) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/security/validate-password",
          payload: { password },
        });
        expect(res.json(), password).toEqual({
          valid: false,
          errors: [{ field: "password", message: PASSWORD_TOO_COMMON }],
        });
      }
      const username = unique("changer");
      await createUser(t.db, { username, roles: ["staff"] });
      const { accessToken } = await signIn(t, username);
      for (const newPassword of COMMON) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/security/change-password",
          headers: { authorization: `Bearer ${accessToken}` },
          payload: { currentPassword: TEST_PASSWORD, newPassword, confirmPassword: newPassword },
        });
        expect(res.statusCode, newPassword).toBe(400);
        expect(res.json().errors).toEqual([{ field: "newPassword", message: PASSWORD_TOO_COMMON }]);
      }
    });

    it("refuses a password containing the username, in any letter case", async () => {
      const username = unique("Harriet");
      await createUser(t.db, { username, roles: ["staff"] });
      const { accessToken } = await signIn(t, username);
      const newPassword = `X9#${username.toUpperCase()}q`;
      const res = await t.app.inject({
        method: "POST",
        url: "/api/security/change-password",
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { currentPassword: TEST_PASSWORD, newPassword, confirmPassword: newPassword },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: "newPassword", message: PASSWORD_CONTAINS_USERNAME }]);
      const check = await t.app.inject({
        method: "POST",
        url: "/api/security/validate-password",
        payload: { password: newPassword, username },
      });
      expect(check.json().errors).toEqual([{ field: "password", message: PASSWORD_CONTAINS_USERNAME }]);
      // A strong password without the name is taken.
      const good = await t.app.inject({
        method: "POST",
        url: "/api/security/change-password",
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { currentPassword: TEST_PASSWORD, newPassword: "Lantern#Orbit58", confirmPassword: "Lantern#Orbit58" },
      });
      expect(good.statusCode, good.body).toBe(200);
    });
  });

  describe("refresh families end REFRESH_ABSOLUTE_TTL_SECONDS after sign-in", () => {
    it("renews inside the lifetime and refuses past it, however recently the token was rotated", async () => {
      const username = unique("family");
      await createUser(t.db, { username, roles: ["clinician"] });
      const first = await signIn(t, username);
      const second = await renew(t, first.refreshToken);
      expect(second.statusCode).toBe(200);
      const rows = await t.db
        .selectFrom("refresh_token")
        .select(["expires_at", "family_expires_at"])
        .where("user_id", "=", first.user.id)
        .execute();
      const ends = new Set(rows.map((r) => new Date(r.family_expires_at).getTime()));
      expect(ends.size).toBe(1); // the renewal carried the family's end over
      const [end] = [...ends];
      expect(end - Date.now()).toBeGreaterThan(11.9 * 3600_000);
      expect(end - Date.now()).toBeLessThanOrEqual(12 * 3600_000 + 5_000);
      for (const r of rows) expect(new Date(r.expires_at).getTime()).toBeLessThanOrEqual(end);

      // The clock moves past the family's end (as the database sees it): the live token is refused.
      await t.db
        .updateTable("refresh_token")
        .set({ family_expires_at: sql<Date>`now() - interval '1 second'` })
        .where("user_id", "=", first.user.id)
        .execute();
      const late = await renew(t, second.json().refreshToken);
      expect(late.statusCode).toBe(401);
      expect(late.json().code).toBe("invalid_token");
    });

    it("follows a short configured lifetime", async () => {
      const short = await createTestApp(database, { config: { refreshAbsoluteTtlSeconds: 1 } });
      try {
        const username = unique("brief");
        await createUser(short.db, { username, roles: ["clinician"] });
        const session = await signIn(short, username);
        await new Promise((resolve) => setTimeout(resolve, 1_300));
        const res = await renew(short, session.refreshToken);
        expect(res.statusCode).toBe(401);
      } finally {
        await short.close();
      }
    });
  });

  describe("access tokens", () => {
    let userId: number;
    let family: string;
    beforeAll(async () => {
      const username = unique("claims");
      userId = await createUser(t.db, { username, roles: ["admin"] });
      family = randomUUID();
      await t.db
        .insertInto("refresh_token")
        .values({
          family_id: family,
          user_id: userId,
          token_hash: `claims-${family}`,
          expires_at: new Date(Date.now() + 3600_000),
          used_at: null,
          revoked_at: null,
        })
        .execute();
    });

    const token = (claims: Record<string, unknown>, opts: { exp?: boolean; iat?: boolean } = {}) => {
      let jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuer("mbc").setAudience("mbc-api");
      if (opts.iat !== false) jwt = jwt.setIssuedAt();
      if (opts.exp !== false) jwt = jwt.setExpirationTime("5m");
      return jwt.sign(new TextEncoder().encode(SECRET));
    };
    const call = async (jwt: string) => {
      const headers = { authorization: `Bearer ${jwt}` };
      return Promise.all([
        t.app.inject({ method: "GET", url: "/api/security/get-session", headers }),
        t.app.inject({ method: "GET", url: "/api/patients", headers }),
        t.app.inject({ method: "GET", url: "/api/security/keep-alive", headers }),
      ]);
    };

    it("accepts a well-formed token (the control)", async () => {
      const [session] = await call(await token({ sub: String(userId), fam: family }));
      expect(session.statusCode).toBe(200);
    });

    it("refuses a token without exp (or iat) with 401", async () => {
      for (const jwt of [
        await token({ sub: String(userId), fam: family }, { exp: false }),
        await token({ sub: String(userId), fam: family }, { iat: false }),
      ]) {
        for (const res of await call(jwt)) {
          expect(res.statusCode).toBe(401);
          expect(res.json().code).toBe("invalid_token");
        }
      }
    });

    it("answers malformed claims with 401, never 500", async () => {
      const malformed: Record<string, unknown>[] = [
        { sub: userId, fam: family }, // a number, not a string
        { sub: "abc", fam: family },
        { sub: "1e3", fam: family },
        { sub: "-1", fam: family },
        { sub: "99999999999999999999", fam: family },
        { sub: String(userId), fam: "not-a-uuid" },
        { sub: String(userId), fam: 123 },
        { sub: String(userId), fam: [family] },
        { sub: [String(userId)], fam: family },
        { sub: String(userId), fam: "00000000-0000-0000-0000-00000000000g" },
      ];
      for (const claims of malformed) {
        for (const res of await call(await token(claims))) {
          expect(res.statusCode, JSON.stringify(claims)).toBe(401);
        }
        const out = await t.app.inject({
          method: "POST",
          url: "/api/security/logout",
          headers: { authorization: `Bearer ${await token(claims)}` },
        });
        expect(out.statusCode, JSON.stringify(claims)).toBe(204);
      }
    });
  });

  describe("the refresh cookie", () => {
    const COOKIE_LOGIN = { "x-refresh-token-transport": "cookie" };
    const refreshCookie = (res: { cookies: { name: string; value: string; [k: string]: unknown }[] }) =>
      res.cookies.find((c) => c.name === "mbc_refresh");

    it("is HttpOnly, SameSite=Strict and scoped to the renew path; the web client's answers leave the token out", async () => {
      const username = unique("cookie");
      await createUser(t.db, { username, roles: ["clinician"] });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/security/login",
        headers: COOKIE_LOGIN,
        payload: { username, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty("refreshToken");
      const cookie = refreshCookie(res);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/security/renew-token" });
      expect(cookie?.secure).toBeFalsy(); // PUBLIC_URL is http here
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // Renewing through the cookie: a JSON body, the next cookie, and still no token in the body.
      const renewed = await t.app.inject({
        method: "POST",
        url: "/api/security/renew-token",
        cookies: { mbc_refresh: cookie!.value },
        payload: {},
      });
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json()).not.toHaveProperty("refreshToken");
      expect(renewed.json().accessToken).toEqual(expect.any(String));
      const next = refreshCookie(renewed);
      expect(next?.value).not.toBe(cookie!.value);
      // The spent cookie replayed is reuse: refused, and the browser is told to forget it.
      const replay = await t.app.inject({
        method: "POST",
        url: "/api/security/renew-token",
        cookies: { mbc_refresh: cookie!.value },
        payload: {},
      });
      expect(replay.statusCode).toBe(401);
      expect(refreshCookie(replay)?.value).toBe("");
    });

    it("is Secure when PUBLIC_URL is https", async () => {
      const secure = await createTestApp(database, {
        config: accountsConfig({ publicUrl: "https://mbc.clinic.test" }),
      });
      try {
        const username = unique("securecookie");
        await createUser(secure.db, { username, roles: ["clinician"] });
        const res = await secure.app.inject({
          method: "POST",
          url: "/api/security/login",
          headers: COOKIE_LOGIN,
          payload: { username, password: TEST_PASSWORD },
        });
        expect(refreshCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict" });
      } finally {
        await secure.close();
      }
    });

    it("cannot be used by a cross-site form: renew-token takes only a JSON body", async () => {
      const username = unique("csrf");
      await createUser(t.db, { username, roles: ["clinician"] });
      const login = await t.app.inject({
        method: "POST",
        url: "/api/security/login",
        headers: COOKIE_LOGIN,
        payload: { username, password: TEST_PASSWORD },
      });
      const value = refreshCookie(login)!.value;
      for (const [type, body] of [
        ["application/x-www-form-urlencoded", "refreshToken="],
        ["text/plain", "{}"],
        ["multipart/form-data; boundary=x", "--x--"],
      ]) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/security/renew-token",
          cookies: { mbc_refresh: value },
          headers: { "content-type": type },
          payload: body,
        });
        expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, type).toBeLessThan(500);
      }
      const none = await t.app.inject({
        method: "POST",
        url: "/api/security/renew-token",
        cookies: { mbc_refresh: value },
      });
      expect(none.statusCode).toBe(400);
      // None of them spent the token: it still renews.
      const ok = await t.app.inject({
        method: "POST",
        url: "/api/security/renew-token",
        cookies: { mbc_refresh: value },
        payload: {},
      });
      expect(ok.statusCode).toBe(200);
    });

    it("ends with sign-out, named by an expired access token, and the cookie is cleared", async () => {
      const username = unique("signout");
      const id = await createUser(t.db, { username, roles: ["clinician"] });
      const login = await t.app.inject({
        method: "POST",
        url: "/api/security/login",
        headers: COOKIE_LOGIN,
        payload: { username, password: TEST_PASSWORD },
      });
      const value = refreshCookie(login)!.value;
      const family = (
        await t.db.selectFrom("refresh_token").select("family_id").where("user_id", "=", id).executeTakeFirstOrThrow()
      ).family_id;
      const expired = await new SignJWT({ fam: family })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(id))
        .setIssuer("mbc")
        .setAudience("mbc-api")
        .setIssuedAt(Math.floor(Date.now() / 1000) - 1000)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 100)
        .sign(new TextEncoder().encode(SECRET));
      const out = await t.app.inject({
        method: "POST",
        url: "/api/security/logout",
        headers: { authorization: `Bearer ${expired}` },
        payload: {},
      });
      expect(out.statusCode).toBe(204);
      expect(refreshCookie(out)).toMatchObject({ value: "", path: "/api/security/renew-token" });
      const renew = await t.app.inject({
        method: "POST",
        url: "/api/security/renew-token",
        cookies: { mbc_refresh: value },
        payload: {},
      });
      expect(renew.statusCode).toBe(401);
    });

    it("leaves API clients as they were: without the header the token is in the body", async () => {
      const username = unique("apiclient");
      await createUser(t.db, { username, roles: ["clinician"] });
      const session = await signIn(t, username);
      expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const renewed = await renew(t, session.refreshToken);
      expect(renewed.json().refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });
  });
});
