import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../src/server/db/database-types.ts";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

/**
 * A request sent over a real socket, which the test can drop the way a closed tab or a timed-out
 * client does. Its body follows the headers a moment later, in a packet of its own, as a slow
 * client's would: the server reads it in events outside the request's async context.
 */
function openRequest(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): { answered: Promise<number | "dropped">; drop(): void } {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const req = http.request({
    port,
    host: "127.0.0.1",
    method: opts.method ?? "GET",
    path: opts.path,
    agent: false,
    headers: {
      ...opts.headers,
      ...(payload ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {}),
    },
  });
  const answered = new Promise<number | "dropped">((resolve) => {
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", () => resolve("dropped"));
    req.on("close", () => resolve("dropped"));
  });
  req.flushHeaders();
  setTimeout(() => req.end(payload), 50);
  return { answered, drop: () => req.destroy() };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

function gate(): { open(): void; passed: Promise<void> } {
  let open!: () => void;
  const passed = new Promise<void>((r) => {
    open = r;
  });
  return { open, passed };
}

/**
 * Probes outside /api: a POST that marks a row (after being let through), and a transaction of two
 * marks with a pause between them. Each remembers its request, so the test sees when the server
 * has noticed the client leave.
 */
function probes(state: { request?: FastifyRequest; entered: () => void; pause: Promise<void> }) {
  return (app: FastifyInstance, db: Kysely<Database>) => {
    app.post<{ Body: { name: string } }>("/test/mark", async (request) => {
      state.request = request;
      state.entered();
      await sql`insert into test_mark (name) values (${request.body.name})`.execute(db);
      return { ok: true };
    });
    app.post<{ Body: { name: string } }>("/test/two-marks", async (request) => {
      state.request = request;
      await db.transaction().execute(async (trx) => {
        await sql`insert into test_mark (name) values (${`${request.body.name}-1`})`.execute(trx);
        state.entered();
        await state.pause;
        await sql`insert into test_mark (name) values (${`${request.body.name}-2`})`.execute(trx);
      });
      return { ok: true };
    });
  };
}

describe.each(DATABASES)("a request whose client leaves, on $name (issue 12 §2)", (database) => {
  let t: TestApp;
  let port: number;
  const state = { request: undefined as FastifyRequest | undefined, entered: () => {}, pause: Promise.resolve() };

  beforeAll(async () => {
    // One connection, as PGlite always has: the test can hold it and queue a request behind it.
    t = await createTestApp(database, {
      config: { database: { poolSize: 1, statementTimeoutMs: 10_000, preparedStatements: true } },
      routes: probes(state),
    });
    await sql`create table test_mark (name text not null)`.execute(t.db);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => t.close());

  const marks = async () =>
    (await sql<{ name: string }>`select name from test_mark order by name`.execute(t.db)).rows.map((r) => r.name);
  const abandoned = () => state.request?.dbConnections?.state === "abandoned";

  it("runs none of its statements when it left while waiting for a connection, and the next request is served", async () => {
    const entered = gate();
    state.entered = entered.open;
    const hold = gate();
    // The test holds the only connection, so the request's insert waits in the pool's queue.
    const held = t.db.connection().execute(async (c) => {
      await sql`select 1`.execute(c);
      await hold.passed;
    });
    const request = openRequest(port, { method: "POST", path: "/test/mark", body: { name: "left" } });
    await entered.passed;
    request.drop();
    expect(await request.answered).toBe("dropped");
    await until("the server notices the client left", abandoned);
    hold.open();
    await held;

    const next = await t.app.inject({ method: "POST", url: "/test/mark", payload: { name: "stayed" } });
    expect(next.statusCode).toBe(200);
    expect(await marks()).toEqual(["stayed"]);
  });

  it("rolls back a transaction it left between two statements, and leaves the connection clean", async () => {
    await sql`delete from test_mark`.execute(t.db);
    const entered = gate();
    const pause = gate();
    state.entered = entered.open;
    state.pause = pause.passed;
    const request = openRequest(port, { method: "POST", path: "/test/two-marks", body: { name: "left" } });
    await entered.passed;
    request.drop();
    await until("the server notices the client left", abandoned);
    pause.open();
    // Its second insert is refused and the transaction rolled back: the first insert is gone too.
    await until("the transaction ended", async () => (await marks()).length === 0, 2000);

    // The connection came back outside any transaction: now() moves between two statements.
    const a = (await sql<{ at: Date }>`select clock_timestamp() as c, now() as at`.execute(t.db)).rows[0].at;
    await new Promise((r) => setTimeout(r, 20));
    const b = (await sql<{ at: Date }>`select now() as at`.execute(t.db)).rows[0].at;
    expect(b.getTime()).toBeGreaterThan(a.getTime());
    state.pause = Promise.resolve();
    const next = await t.app.inject({ method: "POST", url: "/test/two-marks", payload: { name: "stayed" } });
    expect(next.statusCode).toBe(200);
    expect(await marks()).toEqual(["stayed-1", "stayed-2"]);
  });
});

// On PGlite a statement runs to its end on the server's own thread: there is no running statement
// to cancel, only the queued ones above. On a PostgreSQL server the running one must stop.
describe.each(DATABASES.filter((d) => d.name === "postgres"))(
  "a running statement of a request whose client leaves, on $name",
  (database) => {
    let t: TestApp;
    let port: number;
    let observer: pg.Client;
    let asAdmin: { authorization: string };
    let patientId: number;

    beforeAll(async () => {
      t = await createTestApp(database, {
        routes: (app, db) => {
          app.get("/test/sleep", async () => {
            await sql.raw("select pg_sleep(5) /* cancel-on-disconnect probe */").execute(db);
            return { slept: true };
          });
        },
      });
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      port = (t.app.server.address() as AddressInfo).port;
      observer = new pg.Client({ connectionString: database.url });
      await observer.connect();
      asAdmin = (await signedInUser(t.db, { username: "admin", roles: ["admin"] })).headers;
      const clinicianId = (await signedInUser(t.db, { username: "clin", roles: ["clinician"] })).id;
      patientId = (await addPatient(t.app, asAdmin, { clinicians: [clinicianId] })).id;
    }, 60_000);
    afterAll(async () => {
      await observer?.end();
      await t?.close();
    });

    const running = async (marker: string) =>
      (
        await observer.query(
          "select pid from pg_stat_activity where state = 'active' and query like $1 and pid <> pg_backend_pid()",
          [`%${marker}%`],
        )
      ).rowCount ?? 0;

    it("cancels its statement within a second of the client leaving (pg_stat_activity)", async () => {
      const request = openRequest(port, { path: "/test/sleep" });
      await until("the statement runs", async () => (await running("cancel-on-disconnect probe")) === 1);
      request.drop();
      const stoppedAfter = await until(
        "the statement is gone",
        async () => (await running("cancel-on-disconnect probe")) === 0,
        1000,
      );
      expect(stoppedAfter).toBeLessThan(1000);
      // The pool serves on.
      const health = await t.app.inject({ method: "GET", url: "/api/patients", headers: asAdmin });
      expect(health.statusCode, health.body).toBe(200);
    });

    it("cancels a product route's statement waiting on a lock, before the lock is released", async () => {
      const locker = new pg.Client({ connectionString: new URL(database.url as string).toString() });
      await locker.connect();
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0].s;
      await locker.query("begin");
      await locker.query(`lock table ${schema}.patient in access exclusive mode`);
      const lockerPid = (await locker.query("select pg_backend_pid() as pid")).rows[0].pid as number;
      const blocked = async () =>
        (await observer.query("select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))", [lockerPid]))
          .rowCount ?? 0;
      try {
        const request = openRequest(port, { path: `/api/patients/${patientId}`, headers: asAdmin });
        await until("the patient read waits on the lock", async () => (await blocked()) >= 1);
        request.drop();
        await until("nothing waits on the lock any more", async () => (await blocked()) === 0, 1000);
      } finally {
        await locker.query("rollback");
        await locker.end();
      }
      const read = await t.app.inject({ method: "GET", url: `/api/patients/${patientId}`, headers: asAdmin });
      expect(read.statusCode).toBe(200);
    });
  },
);
