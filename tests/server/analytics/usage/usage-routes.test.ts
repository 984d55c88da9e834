import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../../src/server/measures/library-sync.ts";
import { createTestApp, DATABASES, type TestApp } from "../../../helpers/test-app.ts";
import { authHeader } from "../../../helpers/users.ts";
import * as expected from "./expected-usage.ts";
import { RANGE, seedUsage } from "./usage-fixture.ts";

/** A clinic day as the API names it: the unix time of its start in UTC. */
const unix = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const dayAfter = (day: string) => unix(day) + 86_400;
const range = { greater_than: unix(RANGE.first), less_than: dayAfter(RANGE.last) };
const whole = { start_date: RANGE.first, end_date: RANGE.last };

/**
 * The usage dashboards' numbers (issue 13 §4; docs/analytics-usage.md) on a small hand-made clinic
 * (usage-fixture.ts), checked against expected-usage.ts, which works them out in plain code: clinic
 * days in the clinic's zone (America/Chicago), ISO weeks, rounding, and the caller's scope.
 */
describe.each(DATABASES)("usage dashboards on $name", (database) => {
  let t: TestApp;
  const h: Record<string, { authorization: string }> = {};

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const { clinical } = await seedUsage(t.db);
    for (const [name, id] of Object.entries(clinical)) h[name] = await authHeader(t.db, id);
  });
  afterAll(async () => t.close());

  const post = (who: string, path: string, criteria: unknown) =>
    t.app.inject({ method: "POST", url: `/api/analytics/usage/${path}`, headers: h[who], payload: { criteria } });
  async function results(who: string, path: string, criteria: unknown) {
    const res = await post(who, path, criteria);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results;
  }

  it("counts active and new respondents per ISO week, on clinic days", async () => {
    const weeks = expected.periods(RANGE.first, RANGE.last, "week");
    expect(weeks).toHaveLength(2);
    const got = await results("DIR", "respondents", { date_range: range, graph_interval: "week" });
    expect(got).toEqual(expected.respondents(weeks, null));
    // The fixture's point, spelled out: R1 (evening of 2 March) and R2, R3 active; R1 not new.
    expect(got[0]).toMatchObject({ active_respondents: 1, new_respondents: 0 });
  });

  it("lists every day of a daily series, quiet days as zero", async () => {
    const days = expected.periods(RANGE.first, RANGE.last, "day");
    const got = await results("DIR", "respondents", { date_range: range });
    expect(got).toHaveLength(14);
    expect(got).toEqual(expected.respondents(days, null));
  });

  it("clips a period cut by the range to the range", async () => {
    const mid = { greater_than: unix("2026-03-04"), less_than: dayAfter("2026-03-11") };
    const got = await results("DIR", "measures-due", { due_date_range: mid, graph_interval: "week" });
    expect(got.map((r: { start_date: string; end_date: string }) => [r.start_date, r.end_date])).toEqual([
      ["2026-03-04", "2026-03-08"],
      ["2026-03-09", "2026-03-11"],
    ]);
    expect(got).toEqual(expected.measuresDue(expected.periods("2026-03-04", "2026-03-11", "week"), null));
  });

  it("counts measures due, completed and percent completed by due day", async () => {
    const weeks = expected.periods(RANGE.first, RANGE.last, "week");
    const got = await results("DIR", "measures-due", { due_date_range: range, graph_interval: "week" });
    expect(got).toEqual(expected.measuresDue(weeks, null));
    expect(got[0]).toMatchObject({ measures_due: 4, measures_completed: 3, percent_completed: 75 });
  });

  it("counts completions per measure over the range, adding up to the measures due", async () => {
    const got = await results("DIR", "measure-completion", { due_date_range: range });
    expect(got.map(({ measure_name: _n, ...r }: Record<string, unknown>) => r)).toEqual(
      expected.measureCompletion(whole, null),
    );
    const total = (await results("DIR", "measures-due", { due_date_range: range, graph_interval: "month" }))
      .map((r: { measures_due: number }) => r.measures_due)
      .reduce((a: number, b: number) => a + b, 0);
    expect(got.reduce((a: number, r: { count_owl_measure_uuid: number }) => a + r.count_owl_measure_uuid, 0)).toBe(
      total,
    );
  });

  it("gives the invitation funnel of the respondents with measures due, deactivated ones left out", async () => {
    const got = await results("DIR", "invites", { due_date_range: range });
    expect(got).toEqual([expected.invites(whole, null)]);
    expect(got[0]).toMatchObject({ respondents: 4, percent_not_invited: 25 });
  });

  it("counts clinical sign-ins by role on clinic days, failures and respondents left out", async () => {
    const days = expected.periods(RANGE.first, RANGE.last, "day");
    const got = await results("DIR", "sign-ins", { date_range: range });
    expect(got).toEqual(expected.signIns(days, null));
    expect(got[0]).toMatchObject({ clinician_logins: 2 });
    expect(got[13]).toMatchObject({ staff_logins: 1, clinician_logins: 0 });
  });

  it("keeps a supervisor to their own and their supervised clinicians' charts and sign-ins", async () => {
    const mine = ["C1"];
    const weeks = expected.periods(RANGE.first, RANGE.last, "week");
    expect(await results("SUP", "respondents", { date_range: range, graph_interval: "week" })).toEqual(
      expected.respondents(weeks, mine),
    );
    expect(await results("SUP", "measures-due", { due_date_range: range, graph_interval: "week" })).toEqual(
      expected.measuresDue(weeks, mine),
    );
    expect(await results("SUP", "invites", { due_date_range: range })).toEqual([expected.invites(whole, mine)]);
    expect(await results("SUP", "sign-ins", { date_range: range, graph_interval: "week" })).toEqual(
      expected.signIns(weeks, ["SUP", "C1"]),
    );
  });

  it("answers admins (analytics.usage) and refuses clinicians and staff", async () => {
    expect((await post("ADM", "sign-ins", { date_range: range })).statusCode).toBe(200);
    for (const who of ["C1", "STAFF"]) {
      for (const path of ["respondents", "invites", "measures-due", "measure-completion", "sign-ins"]) {
        const res = await post(who, path, { date_range: range, due_date_range: range });
        expect(res.statusCode, `${who} ${path}`).toBe(403);
      }
    }
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/analytics/usage/respondents",
      payload: { criteria: { date_range: range } },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers a bad range with a 400 that says what is wrong", async () => {
    const backwards = await post("DIR", "respondents", {
      date_range: { greater_than: range.less_than, less_than: range.greater_than },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe("The end of the date range must be after its start.");

    const long = await post("DIR", "measures-due", {
      due_date_range: { greater_than: unix("2020-01-01"), less_than: unix("2026-01-01") },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/at most 731 days/);

    const missing = await post("DIR", "sign-ins", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("Choose a date range");

    const interval = await post("DIR", "sign-ins", { date_range: range, graph_interval: "hour" });
    expect(interval.statusCode).toBe(400);
    expect(interval.json().error).toBe("Interval is not valid");

    const text = await post("DIR", "invites", { due_date_range: { greater_than: "yesterday", less_than: 1 } });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe("The start of the date range is not valid");
  });
});
