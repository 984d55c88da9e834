import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/server/config.ts";
import { migrate } from "../../../src/server/db/migrate.ts";
import { newBoss } from "../../../src/server/messaging/boss-instance.ts";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

// The key migrate.ts locks: several nodes starting at once wait on it.
const MIGRATION_LOCK_KEY = 725_001;

describe.each(DATABASES)("statement timeout answers, on $name (issue 12 §2)", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, {
      routes: (app) => {
        // What pg raises for a statement PostgreSQL cancelled.
        app.get("/test/cancelled", async () => {
          throw Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
        });
      },
    });
  });
  afterAll(async () => t.close());

  it("answers a cancelled statement with 503 and a sentence, not a 500", async () => {
    const res = await t.app.inject({ method: "GET", url: "/test/cancelled" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: MESSAGES.queryTimeout, code: "query_timeout" });
  });
});

describe.each(DATABASES.filter((d) => d.name === "pglite"))("the embedded database, on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t.close());

  // README's "embedded database and its limits" says so; if PGlite starts enforcing it, update both.
  it("accepts statement_timeout but does not enforce it (no timer interrupts in its WASM build)", async () => {
    await t.db.connection().execute(async (c) => {
      await sql`set statement_timeout = 50`.execute(c);
      try {
        const slept = await sql<{ done: boolean }>`select true as done from pg_sleep(0.3)`.execute(c);
        expect(slept.rows[0].done).toBe(true);
      } finally {
        await sql`reset statement_timeout`.execute(c);
      }
    });
  });
});

describe.each(DATABASES.filter((d) => d.name === "postgres"))("statement timeout, on $name", (database) => {
  let t: TestApp;
  let headers: { authorization: string };
  let patientId: number;
  let schema: string;

  beforeAll(async () => {
    t = await createTestApp(database, {
      config: { database: { poolSize: 4, statementTimeoutMs: 300, preparedStatements: true } },
    });
    headers = (await signedInUser(t.db, { username: "admin", roles: ["admin"] })).headers;
    const clinicianId = (await signedInUser(t.db, { username: "clin", roles: ["clinician"] })).id;
    patientId = (await addPatient(t.app, headers, { clinicians: [clinicianId] })).id;
    schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0].s;
  }, 60_000);
  afterAll(async () => t.close());

  /** Runs `during` while another session holds `lock` (SQL run in its open transaction). */
  async function whileLocked<T>(lock: string, during: () => Promise<T>): Promise<T> {
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query("begin");
      await other.query(lock);
      return await during();
    } finally {
      await other.query("rollback");
      await other.end();
    }
  }

  it("sets the limits on every connection of the server's pool", async () => {
    const settings = await sql<{ statement: string; idle: string }>`select
      current_setting('statement_timeout') as statement,
      current_setting('idle_in_transaction_session_timeout') as idle`.execute(t.db);
    expect(settings.rows[0]).toEqual({ statement: "300ms", idle: "1min" });
  });

  it("stops a product route's statement that outruns it (here, waiting on a lock) with 503 and a sentence", async () => {
    const started = Date.now();
    const res = await whileLocked(`lock table ${schema}.patient in access exclusive mode`, () =>
      t.app.inject({ method: "GET", url: `/api/patients/${patientId}`, headers }),
    );
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: MESSAGES.queryTimeout, code: "query_timeout" });
    expect(Date.now() - started).toBeLessThan(5000);
    // Nothing is left broken: the same read answers once the lock is gone.
    const again = await t.app.inject({ method: "GET", url: `/api/patients/${patientId}`, headers });
    expect(again.statusCode).toBe(200);
  });

  it("gives the job queue's own pool a limit of its own, longer than the requests'", async () => {
    const queueSchema = `boss_${Date.now().toString(36)}`;
    const config = { ...loadConfig({}), databaseUrl: database.url };
    const { boss } = newBoss({
      config: { ...config, accounts: { ...config.accounts, queueSchema } },
      db: t.db,
      dbKind: "postgres",
    });
    await boss.start();
    try {
      const db = boss.getDb() as { executeSql(text: string): Promise<{ rows: { statement_timeout: string }[] }> };
      expect((await db.executeSql("show statement_timeout")).rows[0].statement_timeout).toBe("5min");
    } finally {
      await boss.stop({ graceful: false, close: true, wait: true });
      await sql.raw(`drop schema ${queueSchema} cascade`).execute(t.db);
    }
  });

  it("does not limit migrations: a node waits for another node's long migration instead of failing its start", async () => {
    const waited = await whileLocked(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`, async () => {
      const started = Date.now();
      const migrating = migrate(t.db).then(
        () => "applied",
        (err: Error) => err.message,
      );
      // Longer than the 300 ms limit, the time another node's migration might take.
      await new Promise((r) => setTimeout(r, 800));
      return { migrating, started };
    });
    expect(await waited.migrating).toBe("applied");
    expect(Date.now() - waited.started).toBeGreaterThanOrEqual(800);
  });
});
