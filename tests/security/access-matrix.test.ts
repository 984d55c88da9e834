import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registeredRoutes } from "../helpers/route-table.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { chartSnapshot, outboxSize } from "./matrix/chart-snapshot.ts";
import {
  accessOf,
  callersOf,
  expectedStatuses,
  kindMismatch,
  permitted,
  routeKey,
  sees,
  targetsOf,
} from "./matrix/expectations.ts";
import {
  buildFixture,
  CALLER_NAMES,
  type CallerName,
  type Chart,
  type ChartName,
  type Fixture,
  type TargetName,
} from "./matrix/fixture.ts";
import { type CaseKind, type Req, ROUTE_CASES, type RouteCase } from "./matrix/route-cases.ts";

// Every route the app registers, as Fastify hands it to onRoute hooks (as the OpenAPI test does):
// the matrix is generated from this table, not from a list kept by hand.
vi.mock("fastify", async (original) => (await import("../helpers/route-table.ts")).recordingFastify(original));
const registered = registeredRoutes;

/**
 * Cases the matrix proves wrong today, each "METHOD /path | caller | chart": holes in code other
 * engineers own, reported, not fixed here. The test asserts each still fails, so fixing one fails
 * the test until its line is removed: the list can only shrink.
 */
// biome-ignore lint/suspicious/noExportsInTest: the list the lead asked for here, read by whoever fixes a hole
export const KNOWN_HOLES: string[] = [];

/** The kinds whose answers are about patients: checked for words of charts out of reach. */
const PATIENT_KINDS: CaseKind[] = ["chart", "account", "own-account", "list", "probe"];

const methodsOf = (route: RouteOptions) => [route.method].flat().filter((m) => m !== "HEAD");
let address = 0;
/** A new source address per request, so per-address throttles never answer for the matrix. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

describe.each(DATABASES)("access matrix on $name", (database) => {
  let t: TestApp;
  let fx: Fixture;
  const routes = new Map<string, RouteOptions>();

  beforeAll(async () => {
    registered.length = 0;
    t = await createTestApp(database);
    for (const route of registered)
      if (route.url.startsWith("/api/")) for (const m of methodsOf(route)) routes.set(routeKey(m, route.url), route);
    fx = await buildFixture(t.app, t.db);
  }, 120_000);
  afterAll(async () => t?.close());

  it("has a case for every registered route, and a kind that fits its declared access and parameters", () => {
    expect(routes.size).toBeGreaterThan(90);
    const uncovered = [...routes.keys()].filter((key) => !ROUTE_CASES[key]);
    const stale = Object.keys(ROUTE_CASES).filter((key) => !routes.has(key));
    expect(uncovered, "routes without a matrix case (add one to tests/security/matrix/route-cases.ts)").toEqual([]);
    expect(stale, "matrix cases for routes that no longer exist").toEqual([]);
    const misfits = [...routes].flatMap(([key, route]) => {
      const why = kindMismatch(route, ROUTE_CASES[key].kind);
      return why ? [`${key}: ${why}`] : [];
    });
    expect(misfits).toEqual([]);
  });

  /** The request of one attempt, built first: building may add what the attempt consumes. */
  const build = (rc: RouteCase, caller: CallerName, target: TargetName, unknown = false) =>
    rc.request(fx, chartOf(target), caller, unknown, target);

  /** The chart as a target shows it: A2 is chart A through its other respondent's link. */
  function chartOf(target: TargetName): Chart {
    if (target === "AB") return fx.charts.A;
    if (target !== "A2") return fx.charts[target];
    const { A } = fx.charts;
    return {
      ...A,
      selfCcauId: A.other.ccauId,
      selfUserId: A.other.userId,
      openMeasureId: A.other.openMeasureId,
      sessionId: A.other.sessionId,
    };
  }
  /** A chart whose every id exists nowhere: what a missing chart answers. */
  function ghostChart(target: TargetName): Chart {
    const none = 2_000_000_000;
    return {
      ...chartOf(target),
      patientId: none,
      ccaId: none,
      selfCcauId: none,
      selfUserId: none,
      parentCcauId: none,
      parentUserId: none,
      scheduleId: none,
      openMeasureId: none,
      sessionId: none,
      alertId: none,
    };
  }
  /** The charts an attempt could touch: both for a person shared by A and B. */
  const touched = (target: TargetName): ChartName[] =>
    target === "AB" ? ["A", "B"] : target === "A2" ? ["A"] : [target];
  const snapshot = async (target: TargetName, outbox = true) =>
    (await Promise.all(touched(target).map((c) => chartSnapshot(t.db, fx.charts[c].ccaId, outbox)))).join("\n");

  async function send(method: string, rc: RouteCase, caller: CallerName, req: Req) {
    // Public routes signed in use a session of their own: logging out must not end the caller's
    // (unless the route answers by who is signed in: then the caller's own).
    const spare = rc.kind === "public" && !rc.everyCaller && caller !== "anonymous";
    const headers = spare ? fx.spareSession : fx.headers[caller];
    return t.app.inject({
      method: method as "GET",
      url: req.url,
      headers: headers ?? {},
      remoteAddress: nextAddress(),
      ...(req.body === undefined ? {} : { payload: req.body as object }),
    });
  }

  /** Every way the route answers wrong for this matrix, as "key | caller | chart: what happened". */
  async function failuresOf(key: string): Promise<{ id: string; why: string }[]> {
    const route = routes.get(key);
    if (!route) throw new Error(`${key} is not registered`);
    const rc = ROUTE_CASES[key];
    const access = accessOf(route);
    const method = key.split(" ")[0];
    const failures: { id: string; why: string }[] = [];
    for (const caller of callersOf(rc, CALLER_NAMES))
      for (const target of targetsOf(rc, access)) {
        const id = `${key} | ${caller} | ${target}`;
        const fail = (why: string) => failures.push({ id, why });
        const expectation = expectedStatuses(rc, route, caller, target);
        const watch = method !== "GET" && (expectation.refused || expectation.invited);
        const req = await build(rc, caller, target);
        // An invitation sends one message: the outbox is counted apart, everything else must stay.
        const outbox = !expectation.invited;
        const before = watch ? await snapshot(target, outbox) : "";
        const sentBefore = expectation.invited ? await outboxSize(t.db) : 0;
        const res = await send(method, rc, caller, req);
        if (res.statusCode >= 500) {
          fail(`answered ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        if (!expectation.statuses.includes(res.statusCode))
          fail(`expected ${expectation.statuses.join("/")}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (expectation.message && res.statusCode < 500 && res.json().error !== expectation.message)
          fail(`expected the refusal "${expectation.message}", got ${res.body.slice(0, 200)}`);
        if (watch && (await snapshot(target, outbox)) !== before)
          fail(`a ${expectation.invited ? "pending" : "refused"} ${method} changed chart ${target}`);
        if (expectation.invited && (await outboxSize(t.db)) !== sentBefore + 1)
          fail(`an invitation sent ${(await outboxSize(t.db)) - sentBefore} messages, not one`);

        // No answer about patient data, given or refused, shows a chart out of the caller's reach.
        const hiddenCharts: ChartName[] = (["A", "B"] as const).filter((c) => !sees(caller, c, access, rc.kind));
        if (PATIENT_KINDS.includes(rc.kind))
          for (const c of hiddenCharts)
            for (const marker of fx.charts[c].markers)
              if (res.body.includes(marker)) fail(`the answer shows chart ${c} (${marker})`);
        if (expectation.hidden && method === "GET" && target !== "AB") {
          // Hidden reads like missing: the same answer as for ids that exist nowhere.
          const ghost = await send(method, rc, caller, await rc.request(fx, ghostChart(target), caller, false, target));
          if (ghost.statusCode !== res.statusCode || ghost.body !== res.body)
            fail(
              `a hidden chart answers unlike a missing one: ${res.body.slice(0, 160)} vs ${ghost.body.slice(0, 160)}`,
            );
        }
        if (expectation.refused || res.statusCode >= 300) continue;

        if (rc.kind === "list" || rc.kind === "probe") {
          const visible = (["A", "B"] as const).filter((c) => !hiddenCharts.includes(c)).map((c) => fx.charts[c]);
          try {
            await rc.check?.(fx, res.json(), visible, fx.charts[target as ChartName], caller);
          } catch (error) {
            fail((error as Error).message);
          }
        }
        if (rc.kind === "probe" && hiddenCharts.includes(target as ChartName) && permitted(caller, access)) {
          if (rc.hiddenAnswer !== undefined) {
            // The documented answer for someone out of reach, exactly: nothing that says who.
            if (JSON.stringify(res.json()) !== JSON.stringify(rc.hiddenAnswer))
              fail(
                `chart ${target}'s value answered ${res.body.slice(0, 160)}, not ${JSON.stringify(rc.hiddenAnswer)}`,
              );
            continue;
          }
          // Out of reach, the answer must be the one for a value nobody has.
          const control = await send(method, rc, caller, await build(rc, caller, target, true));
          if (control.statusCode !== res.statusCode || control.body !== res.body)
            fail(
              `tells chart ${target}'s value from an unknown one: ${res.body.slice(0, 160)} vs ${control.body.slice(0, 160)}`,
            );
        }
      }
    return failures;
  }

  it.each(Object.keys(ROUTE_CASES).sort())("%s: every caller, own and other chart", async (key) => {
    const failures = await failuresOf(key);
    const known = KNOWN_HOLES.filter((hole) => hole.startsWith(`${key} | `));
    const unexpected = failures.filter((f) => !known.includes(f.id)).map((f) => `${f.id}: ${f.why}`);
    const fixed = known.filter((hole) => !failures.some((f) => f.id === hole));
    expect(unexpected).toEqual([]);
    expect(fixed, "KNOWN_HOLES that now pass: remove them from the list").toEqual([]);
  });
});
