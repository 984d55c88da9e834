import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TOO_MANY_SIGN_IN_ATTEMPTS, throttlePolicy } from "../../src/server/auth/sign-in-throttle.ts";
import { loadConfig } from "../../src/server/config.ts";
import { accountsConfig, unique } from "../helpers/accounts.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { createUser, TEST_PASSWORD } from "../helpers/users.ts";

// Counts the argon2 verifications while doing them for real: the proof that an unknown username
// costs the same work as a known one, without timing anything (issue 8 §3).
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/server/auth/passwords.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/server/auth/passwords.ts")>();
  return {
    ...real,
    verifyPassword: async (hash: string | null, password: string) => {
      verifications.count++;
      return real.verifyPassword(hash, password);
    },
  };
});

const WRONG = "Wrong#Pass2026";
const ATTACKER = "203.0.113.66";
const VICTIM = "198.51.100.7";

describe.each(DATABASES)("brute force and lockout on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, { config: { ...accountsConfig({ rateLimitMax: 3 }) } });
  });
  afterAll(async () => t.close());

  const login = (username: string, password: string, from: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/security/login",
      payload: { username, password },
      remoteAddress: from,
      headers,
    });
  const notices = async (userId: number) =>
    (
      await t.db
        .selectFrom("outbox_message")
        .select(["purpose", "body"])
        .where("user_id", "=", userId)
        .where("purpose", "=", "sign_in_blocked")
        .execute()
    ).length;
  const lastLoginAddress = async (userId: number) => {
    const row = await t.db
      .selectFrom("activity_log")
      .select("detail")
      .where("user_id", "=", userId)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return (row.detail as { ip: string }).ip;
  };

  describe("TRUST_PROXY", () => {
    it("is off by default: rotating X-Forwarded-For does not reset the per-address limit", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/security/forgot-password",
          payload: { username: "nobody-at-all" },
          remoteAddress: "192.0.2.10",
          headers: { "x-forwarded-for": `10.9.8.${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    });

    it("records the socket's address, not a forwarded one, when no proxy is trusted", async () => {
      const username = unique("socket");
      const id = await createUser(t.db, { username, roles: ["clinician"] });
      expect((await login(username, TEST_PASSWORD, "192.0.2.20", { "x-forwarded-for": "10.0.0.1" })).statusCode).toBe(
        200,
      );
      expect(await lastLoginAddress(id)).toBe("192.0.2.20");
    });

    it("believes X-Forwarded-For only from a configured proxy", async () => {
      const proxied = await createTestApp(database, {
        config: { trustProxy: ["192.0.2.30"] },
      });
      try {
        const username = unique("proxied");
        const id = await createUser(proxied.db, { username, roles: ["clinician"] });
        const through = await proxied.app.inject({
          method: "POST",
          url: "/api/security/login",
          payload: { username, password: TEST_PASSWORD },
          remoteAddress: "192.0.2.30",
          headers: { "x-forwarded-for": "198.51.100.44" },
        });
        expect(through.statusCode).toBe(200);
        const row = await proxied.db
          .selectFrom("activity_log")
          .select("detail")
          .where("user_id", "=", id)
          .orderBy("id", "desc")
          .executeTakeFirstOrThrow();
        expect((row.detail as { ip: string }).ip).toBe("198.51.100.44");
      } finally {
        await proxied.close();
      }
    });

    it("reads TRUST_PROXY as off, true, a hop count or a list of addresses", () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
      expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
      expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1"]);
      expect(() => loadConfig({ TRUST_PROXY: "proxy.example" })).toThrow(/TRUST_PROXY/);
    });
  });

  describe("sign-in throttling", () => {
    it("answers 429 with Retry-After after 5 wrong passwords, and tells the owner once", async () => {
      const username = unique("target");
      const id = await createUser(t.db, { username, roles: ["admin"] });
      for (let i = 0; i < 5; i++) expect((await login(username, WRONG, ATTACKER)).statusCode).toBe(401);
      const blocked = await login(username, WRONG, ATTACKER);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: TOO_MANY_SIGN_IN_ATTEMPTS, code: "rate_limited" });
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      // Even the right password waits: a blocked attempt is not checked at all.
      expect((await login(username, TEST_PASSWORD, ATTACKER)).statusCode).toBe(429);
      expect(await notices(id)).toBe(1);

      // The delay runs out; the attacker fails again and is blocked for longer, without a second notice.
      const firstWait = Number(blocked.headers["retry-after"]);
      await t.db.updateTable("sign_in_throttle").set({ blocked_until: null }).execute();
      expect((await login(username, WRONG, ATTACKER)).statusCode).toBe(401);
      const again = await login(username, WRONG, ATTACKER);
      expect(again.statusCode).toBe(429);
      expect(Number(again.headers["retry-after"])).toBeGreaterThan(firstWait);
      expect(await notices(id)).toBe(1);
      const notice = await t.db
        .selectFrom("outbox_message")
        .select(["subject", "recipient"])
        .where("user_id", "=", id)
        .where("purpose", "=", "sign_in_blocked")
        .executeTakeFirstOrThrow();
      expect(notice.recipient).toBe(`${username}@example.org`);
      expect(notice.subject).toMatch(/Sign-in attempts .* were blocked/);
    });

    it("does not lock the account: its owner signs in from another address after an attacker's failures", async () => {
      const username = unique("victim");
      await createUser(t.db, { username, roles: ["clinician"] });
      for (let i = 0; i < 8; i++) await login(username, WRONG, ATTACKER);
      expect((await login(username, WRONG, ATTACKER)).statusCode).toBe(429);
      const victim = await login(username, TEST_PASSWORD, VICTIM);
      expect(victim.statusCode).toBe(200);
    });

    it("throttles one address guessing across many usernames", async () => {
      const spray = await createTestApp(database, { config: { signInThrottle: throttlePolicy(4) } });
      try {
        const from = "192.0.2.99";
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) {
          const res = await spray.app.inject({
            method: "POST",
            url: "/api/security/login",
            payload: { username: `sprayed${i}`, password: WRONG },
            remoteAddress: from,
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 401, 429]);
        // Another address is not held up.
        const other = await spray.app.inject({
          method: "POST",
          url: "/api/security/login",
          payload: { username: "sprayed9", password: WRONG },
          remoteAddress: "192.0.2.100",
        });
        expect(other.statusCode).toBe(401);
      } finally {
        await spray.close();
      }
    });

    it("keeps its count in the database, so every node sees it", async () => {
      const username = unique("shared");
      await createUser(t.db, { username, roles: ["clinician"] });
      for (let i = 0; i < 5; i++) await login(username, WRONG, "192.0.2.51");
      // The count is a row any node reads, not this process's memory.
      const rows = await t.db
        .selectFrom("sign_in_throttle")
        .select(["key", "failures"])
        .where("key", "=", `pair:${username.toLowerCase()}|192.0.2.51`)
        .executeTakeFirstOrThrow();
      expect(rows.failures).toBe(5);
    });
  });

  describe("the same work for known and unknown usernames", () => {
    it("verifies a password hash and counts the failure whether or not the username exists", async () => {
      const known = unique("known");
      await createUser(t.db, { username: known, roles: ["staff"] });
      const ghost = unique("ghost");
      const work = async (username: string) => {
        verifications.count = 0;
        const res = await login(username, WRONG, "192.0.2.77");
        const counted = await t.db
          .selectFrom("sign_in_throttle")
          .select("failures")
          .where("key", "=", `user:${username.toLowerCase()}`)
          .executeTakeFirst();
        return {
          status: res.statusCode,
          body: res.body,
          verifications: verifications.count,
          counted: counted?.failures,
        };
      };
      const knownWork = await work(known);
      const unknownWork = await work(ghost);
      expect(knownWork).toEqual({ ...unknownWork, body: knownWork.body });
      expect(knownWork.body).toBe(unknownWork.body);
      expect(unknownWork).toMatchObject({ status: 401, verifications: 1, counted: 1 });
    });
  });
});
