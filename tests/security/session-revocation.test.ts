import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { AccessTokens } from "../../src/server/auth/access-token.ts";
import { loadConfig } from "../../src/server/config.ts";
import { defaultBundle } from "../../src/shared/schema/bundle.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { createUser, TEST_PASSWORD } from "../helpers/users.ts";

const SECRET = "test-secret-test-secret-test-secret-0123456789";

/**
 * Access tokens are verified once per process (auth/verified-tokens.ts), but the session behind
 * them is read on every request: a sign-out, a deactivation or a role taken away counts from the
 * very next request, on this node and on any other node serving the same database.
 */
describe.each(DATABASES)("session revocation on $name", (database) => {
  let t: TestApp;
  /** A second node: its own process state (verified tokens, permission sets), the same database. */
  let other: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(database);
    const config = {
      ...loadConfig({
        DATA_DIR: "./data/test-unused",
        LOG_LEVEL: "silent",
        ACCOUNT_LOOKUP_FLOOR_MS: "0",
        DOCUMENT_WORKER: "off",
        DOCUMENT_CLEANUP_CHECK_SECONDS: "0",
      }),
      demo: false,
      tokenSecret: SECRET,
      alertEscalationCheckSeconds: 0,
      reminderCheckSeconds: 0,
      exports: { worker: false, cleanupCheckSeconds: 0 },
    };
    other = await buildApp(
      {
        config,
        db: t.db,
        dbKind: database.url ? "postgres" : "pglite",
        bundle: defaultBundle,
        tokens: new AccessTokens(SECRET, 900),
      },
      { logger: false, serveClient: false },
    );
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const signIn = async (username: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/security/login",
      payload: { username, password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${res.json().accessToken as string}` };
  };
  const list = (node: FastifyInstance, headers: { authorization: string }) =>
    node.inject({ method: "GET", url: "/api/patients", headers });

  it("refuses a signed-out session at once, on this node and on another", async () => {
    await createUser(t.db, { username: "leaving", roles: ["clinician"] });
    const session = await signIn("leaving");
    // Used on both nodes first, so each has verified (and kept) the token.
    expect((await list(t.app, session)).statusCode).toBe(200);
    expect((await list(other, session)).statusCode).toBe(200);
    const out = await t.app.inject({ method: "POST", url: "/api/security/logout", headers: session });
    expect(out.statusCode).toBe(204);
    for (const node of [t.app, other]) {
      const after = await list(node, session);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe("invalid_token");
    }
  });

  it("refuses a deactivated account's session at once, and a removed role's rights", async () => {
    const id = await createUser(t.db, { username: "moving", roles: ["admin"] });
    const session = await signIn("moving");
    for (const node of [t.app, other])
      expect((await node.inject({ method: "GET", url: "/api/audit-events", headers: session })).statusCode).toBe(200);
    // Another node takes the role away: this node's next request no longer has its rights.
    await t.db.deleteFrom("user_role").where("user_id", "=", id).where("role", "=", "admin").execute();
    await t.db.insertInto("user_role").values({ user_id: id, role: "clinician" }).execute();
    for (const node of [t.app, other])
      expect((await node.inject({ method: "GET", url: "/api/audit-events", headers: session })).statusCode).toBe(403);
    // Deactivated (by any node: the row is what counts): the session ends with the next request.
    await t.db.updateTable("app_user").set({ status: 1 }).where("id", "=", id).execute();
    for (const node of [t.app, other]) expect((await list(node, session)).statusCode).toBe(401);
  });
});
