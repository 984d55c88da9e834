import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type LoadSheddingConfig, loadConfig } from "../../../src/server/config.ts";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

const DEFAULTS = loadConfig({}).loadShedding;
const OFF: LoadSheddingConfig = {
  ...DEFAULTS,
  maxDatabaseQueue: 0,
  maxEventLoopDelayMs: 0,
  maxEventLoopUtilization: 0,
};

/** A busy event loop: blocks `busyMs` of every `everyMs`, as a node whose CPU cannot keep up. */
function busyLoop(busyMs: number, everyMs: number): () => void {
  const timer = setInterval(() => {
    const until = Date.now() + busyMs;
    while (Date.now() < until) {
      // burn CPU
    }
  }, everyMs);
  return () => clearInterval(timer);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function expectShed(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers["retry-after"]).toBe(String(DEFAULTS.retryAfterSeconds));
  expect(res.json()).toEqual({ error: MESSAGES.overloaded, code: "overloaded" });
}

describe.each(DATABASES)("load shedding on the database pool's queue, on $name (issue 12 §2)", (database) => {
  let t: TestApp;
  let headers: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(database, {
      // One connection (as PGlite always has), and a queue of 3 at most.
      config: {
        database: { poolSize: 1, statementTimeoutMs: 10_000, preparedStatements: true },
        loadShedding: { ...OFF, maxDatabaseQueue: 3 },
      },
    });
    headers = (await signedInUser(t.db, { username: "admin", roles: ["admin"] })).headers;
  });
  afterAll(async () => t.close());

  it("refuses at once with 503 + Retry-After while more requests wait for a connection than allowed; health still answers", async () => {
    let release!: () => void;
    const held = t.db.connection().execute(async (c) => {
      await sql`select 1`.execute(c);
      await new Promise<void>((r) => {
        release = r;
      });
    });
    await pause(20);
    // Four callers queue behind the held connection: one more than allowed.
    const queued = Array.from({ length: 4 }, () => sql`select 1`.execute(t.db));
    await pause(20);

    const refused = await t.app.inject({ method: "GET", url: "/api/patients", headers });
    expectShed(refused);
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);

    release();
    await held;
    await Promise.all(queued);
    const served = await t.app.inject({ method: "GET", url: "/api/patients", headers });
    expect(served.statusCode).toBe(200);
  });
});

describe.each(DATABASES)("load shedding defaults, on $name", (database) => {
  let t: TestApp;
  let headers: { authorization: string };

  beforeAll(async () => {
    // The defaults a node starts with (the pool: 10 connections on a server, 1 embedded).
    t = await createTestApp(database, { config: { loadShedding: DEFAULTS } });
    headers = (await signedInUser(t.db, { username: "admin", roles: ["admin"] })).headers;
  });
  afterAll(async () => t.close());

  it("serves every request of a 50-client burst: a benchmark's normal load is not overload", async () => {
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => t.app.inject({ method: "GET", url: "/api/patients", headers })),
      );
      expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    }
  });
});

// The event loop is the process's, whatever the database: measured once, on the embedded one.
describe.each(DATABASES.filter((d) => d.name === "pglite"))("load shedding on the event loop, on $name", (database) => {
  let t: TestApp;
  let headers: { authorization: string };
  let stopBusy: () => void = () => {};

  async function appWith(loadShedding: Partial<LoadSheddingConfig>) {
    t = await createTestApp(database, { config: { loadShedding: { ...OFF, sampleIntervalMs: 100, ...loadShedding } } });
    headers = (await signedInUser(t.db, { username: "admin", roles: ["admin"] })).headers;
  }
  const patients = () => t.app.inject({ method: "GET", url: "/api/patients", headers });
  /** Asks until the list is served (a loaded test machine has its own busy moments). */
  async function servedWithin(ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if ((await patients()).statusCode === 200) return true;
      await pause(100);
    }
    return false;
  }
  /**
   * Asks until a request is refused: the load is measured every sampleIntervalMs, and on a loaded
   * test machine the first samples of the busy loop may still average in calmer moments.
   */
  async function shedWithin(ms: number) {
    const end = Date.now() + ms;
    let res = await patients();
    while (res.statusCode !== 503 && Date.now() < end) {
      await pause(200);
      res = await patients();
    }
    return res;
  }
  afterEach(async () => {
    stopBusy();
    await t?.close();
  });

  for (const [limit, check] of [
    [{ maxEventLoopDelayMs: 150 }, "delay"],
    [{ maxEventLoopUtilization: 0.5 }, "utilisation"],
  ] as const) {
    it(`refuses while the event loop's ${check} is above the limit, health still answers, and serves again after`, {
      timeout: 90_000,
    }, async () => {
      await appWith(limit);
      expect(await servedWithin(10_000)).toBe(true);
      // A process whose CPU cannot keep up: the loop is blocked 300 ms of every 310.
      stopBusy = busyLoop(300, 310);
      expectShed(await shedWithin(5000));
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      stopBusy();
      expect(await servedWithin(5000)).toBe(true);
    });
  }
});
