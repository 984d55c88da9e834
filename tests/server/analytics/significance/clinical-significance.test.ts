import { beforeAll, describe, expect, it } from "vitest";
import type { TestQuery } from "../../../helpers/analytics-expected.ts";
import type { AnalyticsFixture, FixtureSession } from "../../../helpers/analytics-fixture.ts";
import { analyticsSuite } from "../../../helpers/analytics-suite.ts";
import { DATABASES } from "../../../helpers/test-app.ts";

const URL = "/api/analytics/clinical-significance";

interface Counts {
  recovered: number;
  improved: number;
  unchanged: number;
  deteriorated: number;
  not_case: number;
}

/**
 * The pairs worked out from the fixture's plain objects, without the explorer's SQL: per episode
 * and measure (one respondent per chart here), the first session when it is not a discharge one,
 * with the last discharge session after it.
 */
function expectedPairs(fx: AnalyticsFixture, measure: number, keep: (s: FixtureSession) => boolean) {
  const byEpisode = new Map<number, FixtureSession[]>();
  for (const s of fx.sessions) {
    if (s.measureId !== measure || !s.episode || !keep(s)) continue;
    byEpisode.set(s.episode.id, [...(byEpisode.get(s.episode.id) ?? []), s]);
  }
  const pairs: { pre: number; post: number }[] = [];
  for (const list of byEpisode.values()) {
    list.sort((a, b) => a.completedDay.localeCompare(b.completedDay) || a.id - b.id);
    const first = list[0];
    const discharge = list.filter((s) => s.atDischarge).at(-1);
    if (!first || first.atDischarge || !discharge) continue;
    const total = (s: FixtureSession) => s.scores.find((x) => x.type === "total_score")?.value as number;
    pairs.push({ pre: total(first), post: total(discharge) });
  }
  return pairs;
}

/** NHS Talking Therapies, written out again here: caseness at admission, then a fall or rise of `change` points. */
function talkingTherapies(pairs: { pre: number; post: number }[], change: number, caseness: number): Counts {
  const c: Counts = { recovered: 0, improved: 0, unchanged: 0, deteriorated: 0, not_case: 0 };
  for (const { pre, post } of pairs) {
    if (pre < caseness) c.not_case++;
    else if (pre - post >= change && post < caseness) c.recovered++;
    else if (pre - post >= change) c.improved++;
    else if (post - pre >= change) c.deteriorated++;
    else c.unchanged++;
  }
  return c;
}

describe.each(DATABASES)("clinical significance on $name", (database) => {
  const suite = analyticsSuite(database, "cs");
  const { t } = suite;
  let fx: AnalyticsFixture;

  beforeAll(async () => {
    fx = suite.fx();
  });

  const base = (over: Partial<TestQuery> = {}): TestQuery =>
    suite.everyone({ measure: [fx.measures.phq9, fx.measures.gad7, fx.measures.psc17], ...over });
  const director = () => t.roles.headers.director;
  const run = async (query: TestQuery, method: string) => {
    const res = await t.call("POST", URL, { query, method }, director());
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const instrument = (body: { instruments: { measureId: number }[] }, id: number) =>
    body.instruments.find((i) => i.measureId === id) as unknown as Record<string, unknown> & {
      counts: Counts;
      pairs: number;
    };

  it("counts PHQ-9 episodes under NHS Talking Therapies as an independent computation does", async () => {
    const body = await run(base(), "nhs-talking-therapies");
    expect(body.methodTitle).toContain("NHS Talking Therapies");
    const pairs = expectedPairs(fx, fx.measures.phq9, () => true);
    expect(pairs.length).toBeGreaterThan(3);
    const phq9 = instrument(body, fx.measures.phq9);
    expect(phq9.excluded).toBe(false);
    expect(phq9.pairs).toBe(pairs.length);
    expect(phq9.counts).toEqual({ measure: "PHQ-9", ...talkingTherapies(pairs, 6, 10) });
    expect(phq9.parameters).toMatchObject({ reliableChangePoints: 6, caseness: "10 or more" });
    // The fixture has no GAD-7 discharge session: included, with no pairs.
    const gad7 = instrument(body, fx.measures.gad7);
    expect(gad7).toMatchObject({ excluded: false, pairs: 0 });
    expect(gad7.parameters).toMatchObject({ reliableChangePoints: 4, caseness: "8 or more" });
    const psc17 = instrument(body, fx.measures.psc17);
    expect(psc17.excluded).toBe(true);
    expect(psc17.reason).toContain("PHQ-9 and GAD-7 only");
  });

  it("leaves out of Jacobson–Truax every instrument whose parameters are not verified, and says which", async () => {
    const body = await run(base(), "jacobson-truax");
    for (const i of body.instruments) {
      expect(i.excluded).toBe(true);
      expect(i.reason).toMatch(/^Not included: /);
      expect(i.parameters).toBeUndefined();
    }
    const phq9 = instrument(body, fx.measures.phq9);
    expect(phq9.reason).toContain("test–retest reliability and standard deviation");
    expect(phq9.pairs).toBe(expectedPairs(fx, fx.measures.phq9, () => true).length);
  });

  it("keeps the query's filters, and pairs whatever its results to include and taken at", async () => {
    const program = fx.programs[0] as AnalyticsFixture["programs"][number];
    const query = base({ program_uuid: [program.uuid], results_to_include: "all", completed: "admission" });
    const body = await run(query, "nhs-talking-therapies");
    const pairs = expectedPairs(fx, fx.measures.phq9, (s) => s.episode?.programIndex === 0);
    expect(instrument(body, fx.measures.phq9).counts).toEqual({ measure: "PHQ-9", ...talkingTherapies(pairs, 6, 10) });
    const none = await run(base({ clinicians: [], clinical_teams: [fx.teams[0] as number] }), "nhs-talking-therapies");
    const inTeam = expectedPairs(fx, fx.measures.phq9, (s) => s.patient.teams.includes(fx.teams[0] as number));
    expect(instrument(none, fx.measures.phq9).pairs).toBe(inTeam.length);
  });

  it("is audited, asks for a method in words, and is the analytics role's alone", async () => {
    const before = await t.db
      .selectFrom("audit_event")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("action", "=", "analytics.significance")
      .executeTakeFirstOrThrow();
    await run(base(), "jacobson-truax");
    const after = await t.db
      .selectFrom("audit_event")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("action", "=", "analytics.significance")
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);

    const missing = await t.call("POST", URL, { query: base() }, director());
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain("Choose how to judge clinical significance.");
    const wrong = await t.call("POST", URL, { query: base(), method: "pre-post" }, director());
    expect(wrong.statusCode).toBe(400);
    for (const role of ["clinician", "supervisor", "staff", "admin", "respondent"] as const) {
      const res = await t.call("POST", URL, { query: base(), method: "jacobson-truax" }, t.roles.headers[role]);
      expect(res.statusCode, role).toBe(403);
    }
  });
});
