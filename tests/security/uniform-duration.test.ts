import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CODE_SENT } from "../../src/server/accounts/access-code-routes.ts";
import { RESET_SENT, USERNAME_SENT } from "../../src/server/accounts/recovery-routes.ts";
import { loadConfig } from "../../src/server/config.ts";
import { FLOOR_EXCEEDED, uniformDuration } from "../../src/server/http/uniform-duration.ts";
import {
  createChart,
  createRespondent,
  linkToChart,
  messageCount,
  setGeneralSetting,
  unique,
} from "../helpers/accounts.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { createUser } from "../helpers/users.ts";

describe("uniformDuration (the response-time floor)", () => {
  const FLOOR = 300;
  const MAX_JITTER = FLOOR / 10;

  function logSpy() {
    const warnings: { details: object; message: string }[] = [];
    return { warnings, log: { warn: (details: object, message: string) => warnings.push({ details, message }) } };
  }
  /** Starts `promise` and reports whether it has settled, without awaiting it. */
  function track<T>(promise: Promise<T>) {
    const state = { settled: false, value: undefined as T | undefined, error: undefined as unknown };
    promise.then(
      (value) => Object.assign(state, { settled: true, value }),
      (error) => Object.assign(state, { settled: true, error }),
    );
    return state;
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers fast work no sooner than the floor, and no later than the floor plus its jitter", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"] });
    const { warnings, log } = logSpy();
    const state = track(uniformDuration({ floorMs: FLOOR, log, label: "test" }, async () => "done"));
    await vi.advanceTimersByTimeAsync(FLOOR - 1);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(MAX_JITTER + 1);
    expect(state).toMatchObject({ settled: true, value: "done" });
    expect(warnings).toEqual([]);
  });

  it("holds a failure to the floor too, then passes the error on", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"] });
    const { log } = logSpy();
    const boom = new Error("boom");
    const state = track(
      uniformDuration({ floorMs: FLOOR, log, label: "test" }, async () => {
        throw boom;
      }),
    );
    await vi.advanceTimersByTimeAsync(FLOOR - 1);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(MAX_JITTER + 1);
    expect(state).toMatchObject({ settled: true, error: boom });
  });

  it("does not delay slow work further, and warns with timing only", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"] });
    const { warnings, log } = logSpy();
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve("late"), FLOOR * 2));
    const state = track(uniformDuration({ floorMs: FLOOR, log, label: "forgot-password" }, slow));
    await vi.advanceTimersByTimeAsync(FLOOR * 2);
    expect(state).toMatchObject({ settled: true, value: "late" });
    expect(warnings).toEqual([
      { details: { route: "forgot-password", elapsedMs: FLOOR * 2, floorMs: FLOOR }, message: FLOOR_EXCEEDED },
    ]);
  });

  it("the floor is 300 ms unless ACCOUNT_LOOKUP_FLOOR_MS says otherwise (a whole number, 0 = off)", () => {
    expect(loadConfig({}).accountLookupFloorMs).toBe(300);
    expect(loadConfig({ ACCOUNT_LOOKUP_FLOOR_MS: "750" }).accountLookupFloorMs).toBe(750);
    expect(loadConfig({ ACCOUNT_LOOKUP_FLOOR_MS: "0" }).accountLookupFloorMs).toBe(0);
    expect(() => loadConfig({ ACCOUNT_LOOKUP_FLOOR_MS: "soon" })).toThrow(/ACCOUNT_LOOKUP_FLOOR_MS/);
  });

  it("a floor of 0 is off: the work's own answer, at once", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"] });
    const { warnings, log } = logSpy();
    const state = track(uniformDuration({ floorMs: 0, log, label: "test" }, async () => 7));
    await vi.advanceTimersByTimeAsync(0);
    expect(state).toMatchObject({ settled: true, value: 7 });
    expect(warnings).toEqual([]);
  });
});

// A lower bound only: the machine is shared, so how much longer a request takes says nothing.
const FLOOR_MS = 120;
// Node's timers count whole milliseconds; performance.now() does not, so allow that rounding.
const TIMER_ROUNDING_MS = 2;

describe.each(DATABASES)("known and unknown accounts answer alike on $name", (database) => {
  let t: TestApp;
  let member: { username: string; email: string };
  let respondent: { username: string; email: string; phone: string };

  beforeAll(async () => {
    t = await createTestApp(database, { config: { accountLookupFloorMs: FLOOR_MS } });
    await setGeneralSetting(t.db, "sms_enabled", true);
    const username = unique("member");
    await createUser(t.db, { username, roles: ["clinician"] });
    member = { username, email: `${username}@example.org` };
    const chart = await createChart(t.db, { firstName: "Mia", lastName: unique("Cole") });
    const respondentName = unique("resp");
    const email = `${unique("parent")}@example.org`;
    const phone = "5552468013";
    const id = await createRespondent(t.db, {
      username: respondentName,
      status: 2,
      contacts: [
        { channel: 1, value: email },
        { channel: 2, value: phone },
      ],
    });
    await linkToChart(t.db, id, chart.ccaId, 4);
    respondent = { username: respondentName, email, phone };
  });
  afterAll(async () => t.close());

  async function timed(url: string, payload: object) {
    const before = await messageCount(t.db);
    const started = performance.now();
    const res = await t.app.inject({ method: "POST", url: `/api/security/${url}`, payload });
    const elapsed = performance.now() - started;
    return { status: res.statusCode, body: res.json(), elapsed, sent: (await messageCount(t.db)) - before };
  }

  const cases = () => [
    {
      name: "forgot-password by username",
      url: "forgot-password",
      known: { username: member.username },
      unknown: { username: unique("nobody") },
      answer: { message: RESET_SENT },
    },
    {
      name: "forgot-password by email",
      url: "forgot-password",
      known: { email: member.email },
      unknown: { email: `${unique("nobody")}@example.org` },
      answer: { message: RESET_SENT },
    },
    {
      name: "recover-username",
      url: "recover-username",
      known: { email: member.email },
      unknown: { email: `${unique("nobody")}@example.org` },
      answer: { message: USERNAME_SENT },
    },
    {
      name: "access code by username",
      url: "generate-access-code",
      known: { identifier: respondent.username },
      unknown: { identifier: unique("nobody") },
      answer: { message: CODE_SENT },
    },
    {
      name: "access code by email",
      url: "generate-access-code",
      known: { identifier: respondent.email },
      unknown: { identifier: `${unique("nobody")}@example.org` },
      answer: { message: CODE_SENT },
    },
    {
      name: "access code by mobile number",
      url: "generate-access-code",
      known: { identifier: respondent.phone },
      unknown: { identifier: "5559871234" },
      answer: { message: CODE_SENT },
    },
  ];

  it("each route: the same body for both, both no sooner than the floor, and only the known one sends", async () => {
    for (const c of cases()) {
      const known = await timed(c.url, c.known);
      const unknown = await timed(c.url, c.unknown);
      expect({ case: c.name, status: known.status, body: known.body }).toEqual({
        case: c.name,
        status: 200,
        body: c.answer,
      });
      expect({ case: c.name, status: unknown.status, body: unknown.body }).toEqual({
        case: c.name,
        status: 200,
        body: known.body,
      });
      // The found path really did its extra work (a message), and the floor covered it.
      expect({ case: c.name, known: known.sent, unknown: unknown.sent }).toEqual({
        case: c.name,
        known: 1,
        unknown: 0,
      });
      expect(known.elapsed, c.name).toBeGreaterThanOrEqual(FLOOR_MS - TIMER_ROUNDING_MS);
      expect(unknown.elapsed, c.name).toBeGreaterThanOrEqual(FLOOR_MS - TIMER_ROUNDING_MS);
    }
  });
});
