import { beforeAll, describe, expect, it } from "vitest";
import phq9 from "../../../../measures/phq-9.json" with { type: "json" };
import { tCritical95 } from "../../../../src/shared/charts/confidence.ts";
import { expectedRecords, type TestQuery } from "../../../helpers/analytics-expected.ts";
import type { AnalyticsFixture, FixtureSession } from "../../../helpers/analytics-fixture.ts";
import { analyticsSuite } from "../../../helpers/analytics-suite.ts";
import { measureId } from "../../../helpers/measures.ts";
import { DATABASES } from "../../../helpers/test-app.ts";

/**
 * The outcomes charts (issue 13 §2; docs/analytics.md Charts), each checked against the same
 * figures worked out here in plain JavaScript from the fixture's own objects: which records the
 * query selects (analytics-expected.ts), then weeks, pairs, cut-off weeks and bands by the rules
 * the docs write down. Program 1 of the fixture is made inpatient (its type "Inpatient unit").
 */
const DAY = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

interface Stat {
  n: number;
  mean: number;
  sd: number | null;
  low: number | null;
  high: number | null;
}
function stat(values: number[]): Stat {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { n, mean, sd: null, low: null, high: null };
  const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1));
  const half = (tCritical95(n - 1) * sd) / Math.sqrt(n);
  return { n, mean, sd, low: mean - half, high: mean + half };
}

/** Equal to the answer's two decimals. */
function near(actual: number | null, expected: number | null) {
  if (expected === null) expect(actual).toBeNull();
  else expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(0.0051);
}

const later = (a: FixtureSession, b: FixtureSession) =>
  a.completedDay > b.completedDay || (a.completedDay === b.completedDay && a.id > b.id);

describe.each(DATABASES)("outcomes charts on $name", (database) => {
  const suite = analyticsSuite(database, "oc");
  const { t } = suite;
  let fx: AnalyticsFixture;

  beforeAll(async () => {
    fx = suite.fx();

    const type = await t.db
      .insertInto("program_type")
      .values({ name: "oc Acute unit", care_setting: "inpatient" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("program")
      .set({ program_type_id: type.id })
      .where("id", "=", fx.programs[0]?.id as number)
      .execute();
  });

  const base = suite.everyone;

  const director = () => t.roles.headers.director;
  async function chart(id: string, query: unknown, headers = director()) {
    const res = await t.call("POST", `/api/analytics/charts/${id}`, query, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** The query's sessions in an episode, with their total score, grouped by episode and respondent. */
  function episodes(query: TestQuery) {
    const kept = new Set(expectedRecords(fx, query).map((r) => r.recordId));
    const groups = new Map<string, { session: FixtureSession; score: number; taken: string; days: number }[]>();
    for (const s of fx.sessions) {
      if (!kept.has(s.id) || !s.episode) continue;
      const total = s.scores.find((x) => x.type === "total_score")?.value as number;
      // Admission: the first session of the measure in the episode (of every session, not only those kept).
      const first = !fx.sessions.some(
        (o) =>
          o.episode?.id === s.episode?.id &&
          o.patient.id === s.patient.id &&
          o.measureId === s.measureId &&
          later(s, o),
      );
      const taken = s.atDischarge ? "discharge" : first ? "admission" : "during";
      const key = `${s.measureId}:${s.episode.id}:${s.patient.id}`;
      const list = groups.get(key) ?? [];
      list.push({ session: s, score: total, taken, days: days(s.episode.admission, s.completedDay) });
      groups.set(key, list);
    }
    for (const list of groups.values()) list.sort((a, b) => (later(a.session, b.session) ? 1 : -1));
    return [...groups.values()];
  }

  it("score over time: the mean of each week of treatment with its t-based 95% CI", async () => {
    const weekly = new Map<number, number[]>();
    for (const list of episodes(base())) {
      const latest = new Map<number, number>();
      for (const r of list) if (r.days >= 0) latest.set(Math.floor(r.days / 7), r.score);
      for (const [week, score] of latest) weekly.set(week, [...(weekly.get(week) ?? []), score]);
    }
    const body = await chart("score-over-time", base());
    expect(body.title).toBe("Score over time");
    expect(body.measureName).toBe("PHQ-9");
    expect(body.scoreRange).toEqual({ min: 0, max: 27 });
    const weeks = [...weekly.keys()].sort((a, b) => a - b);
    expect(body.rows.map((r: { week: number }) => r.week)).toEqual(weeks);
    expect(weeks.length).toBeGreaterThan(5);
    for (const row of body.rows) {
      const s = stat(weekly.get(row.week) as number[]);
      expect(row.n).toBe(s.n);
      near(row.mean, s.mean);
      near(row.sd, s.sd);
      near(row.ci_low, s.low);
      near(row.ci_high, s.high);
    }
  });

  it("admission vs discharge: pairs per measure, inpatient and outpatient apart", async () => {
    const query = base({ measure: [fx.measures.phq9, fx.measures.gad7] });
    const expected = new Map<string, { adm: number[]; dis: number[] }>();
    let unpaired = 0;
    for (const list of episodes(query)) {
      const s = list[0]?.session as FixtureSession;
      const adm = list.find((r) => r.taken === "admission");
      const dis = list.filter((r) => r.taken === "discharge").at(-1);
      if (!adm || !dis) {
        if (adm || dis) unpaired++;
        continue;
      }
      const name = s.measureId === fx.measures.phq9 ? "PHQ-9" : "GAD-7";
      const key = `${name}, ${s.episode?.programIndex === 0 ? "Inpatient" : "Outpatient"}`;
      const e = expected.get(key) ?? { adm: [], dis: [] };
      e.adm.push(adm.score);
      e.dis.push(dis.score);
      expected.set(key, e);
    }
    const body = await chart("admission-discharge", query);
    expect(body.scoreRange).toBeNull();
    expect(new Set(body.rows.map((r: { group: string }) => r.group))).toEqual(new Set(expected.keys()));
    // The fixture's discharge sessions are PHQ-9 only: both settings have pairs of it.
    expect(expected.has("PHQ-9, Inpatient") && expected.has("PHQ-9, Outpatient")).toBe(true);
    for (const row of body.rows) {
      const e = expected.get(row.group) as { adm: number[]; dis: number[] };
      const adm = stat(e.adm);
      const dis = stat(e.dis);
      expect(row.pairs).toBe(e.adm.length);
      expect(row.setting).toBe(row.group.endsWith("Inpatient") ? "inpatient" : "outpatient");
      near(row.admission_mean, adm.mean);
      near(row.admission_ci_low, adm.low);
      near(row.admission_ci_high, adm.high);
      near(row.discharge_mean, dis.mean);
      near(row.discharge_ci_high, dis.high);
      near(row.mean_change, dis.mean - adm.mean);
    }
    if (unpaired) expect(body.notes.join(" ")).toContain(`${unpaired} episode`);
  });

  it("weeks to below cut-off: episodes that started at or above 10, by the first week below it", async () => {
    const cutoff = phq9.cutoff.value as number;
    const reached = new Map<number, number>();
    let eligible = 0;
    let started = 0;
    for (const list of episodes(base())) {
      const adm = list.find((r) => r.taken === "admission");
      if (!adm) continue;
      if (adm.score < cutoff) {
        started++;
        continue;
      }
      eligible++;
      const first = list.find((r) => r.taken !== "admission" && r.days >= 0 && r.score < cutoff);
      if (first) {
        const week = Math.floor(first.days / 7);
        reached.set(week, (reached.get(week) ?? 0) + 1);
      }
    }
    const body = await chart("weeks-to-cutoff", base());
    const last = Math.max(...reached.keys());
    expect(body.rows.length).toBe(last + 1);
    let cumulative = 0;
    for (const row of body.rows) {
      cumulative += reached.get(row.week) ?? 0;
      expect(row.episodes).toBe(reached.get(row.week) ?? 0);
      expect(Math.abs(row.cumulative_percent - (cumulative / eligible) * 100)).toBeLessThanOrEqual(0.051);
    }
    expect(body.notes.join(" ")).toContain(`${eligible} episodes started in the clinical range (≥ 10)`);
    expect(body.notes.join(" ")).toContain(`${started} episodes started below the cut-off`);
  });

  it("severity bands: episodes per band at admission and at their latest score", async () => {
    const bands = phq9.bands;
    const bandOf = (score: number) => bands.findIndex((b) => score >= b.min && score <= b.max);
    const admission = bands.map(() => 0);
    const latest = bands.map(() => 0);
    let total = 0;
    for (const list of episodes(base())) {
      const adm = list.find((r) => r.taken === "admission");
      if (!adm) continue;
      total++;
      admission[bandOf(adm.score)]++;
      latest[bandOf(list.at(-1)?.score as number)]++;
    }
    const body = await chart("severity-bands", base());
    expect(body.rows.map((r: { band: string }) => r.band)).toEqual(bands.map((b) => b.label));
    body.rows.forEach((row: { admission: number; latest: number; latest_percent: number }, i: number) => {
      expect(row.admission).toBe(admission[i]);
      expect(row.latest).toBe(latest[i]);
      expect(Math.abs(row.latest_percent - ((latest[i] as number) / total) * 100)).toBeLessThanOrEqual(0.051);
    });
    expect(admission.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it("draws only the records of the query: a paired query gives the same pairs, a narrower one fewer", async () => {
    const all = await chart("admission-discharge", base());
    const paired = await chart("admission-discharge", base({ results_to_include: "program_paired" }));
    expect(paired.rows).toEqual(all.rows);
    const onlyFirst = await chart("admission-discharge", base({ program_uuid: [fx.programs[0]?.uuid as string] }));
    expect(onlyFirst.rows.map((r: { group: string }) => r.group)).toEqual(["PHQ-9, Inpatient"]);
  });

  it("says in words why a measure is left out: an unverified cut-off, bands, more than one measure", async () => {
    const k6 = await measureId(t.db, "k6");
    const pcl5 = await measureId(t.db, "pcl-5");
    const noCutoff = await chart("weeks-to-cutoff", base({ measure: [k6] }));
    expect(noCutoff.rows).toEqual([]);
    expect(noCutoff.notes).toEqual(["K6's cut-off is not verified, so it is not used to count weeks to below it."]);
    const noBands = await chart("severity-bands", base({ measure: [pcl5] }));
    expect(noBands.rows).toEqual([]);
    expect(noBands.notes).toEqual(["PCL-5's severity bands are not verified, so they are not drawn."]);

    for (const id of ["score-over-time", "weeks-to-cutoff", "severity-bands"]) {
      const res = await t.call(
        "POST",
        `/api/analytics/charts/${id}`,
        base({ measure: [fx.measures.phq9, fx.measures.gad7] }),
        director(),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("This chart shows one measure at a time. Select one measure.");
    }
    const items = await t.call(
      "POST",
      "/api/analytics/charts/score-over-time",
      base({ scorableFilter: false }),
      director(),
    );
    expect(items.statusCode).toBe(400);
    expect(items.json().error).toBe("Charts draw scores. Choose Results: Scores.");
    const bad = await t.call("POST", "/api/analytics/charts/pie", base(), director());
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("Not an outcomes chart.");
    const noMeasure = await t.call("POST", "/api/analytics/charts/score-over-time", base({ measure: [] }), director());
    expect(noMeasure.statusCode).toBe(400);
    expect(JSON.stringify(noMeasure.json())).toContain("Select at least one measure.");
  });

  it("answers a program's own title and caption when exactly that program is selected", async () => {
    const program = fx.programs[0] as AnalyticsFixture["programs"][number];
    const put = await t.call(
      "PUT",
      `/api/analytics/chart-texts/${program.id}/score-over-time`,
      { title: "Depression over the stay", caption: null },
      t.admin,
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      program_id: program.id,
      chart_id: "score-over-time",
      title: "Depression over the stay",
    });

    const one = await chart("score-over-time", base({ program_uuid: [program.uuid] }));
    expect(one.title).toBe("Depression over the stay");
    expect(one.caption).toMatch(/^Mean total score by week of treatment/);
    const both = await chart("score-over-time", base());
    expect(both.title).toBe("Score over time");

    const list = await t.call("GET", "/api/analytics/chart-texts", undefined, t.admin);
    expect(list.json()).toEqual([
      expect.objectContaining({ program_id: program.id, title: "Depression over the stay" }),
    ]);
    // Settings are the admin's: the director reads charts but does not retitle them.
    const byDirector = await t.call(
      "PUT",
      `/api/analytics/chart-texts/${program.id}/score-over-time`,
      { title: "Mine" },
      director(),
    );
    expect(byDirector.statusCode).toBe(403);
    const tooLong = await t.call(
      "PUT",
      `/api/analytics/chart-texts/${program.id}/score-over-time`,
      { title: "x".repeat(121) },
      t.admin,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe("A chart title is at most 120 characters.");

    const del = await t.call("DELETE", `/api/analytics/chart-texts/${program.id}/score-over-time`, undefined, t.admin);
    expect(del.statusCode).toBe(204);
    expect((await chart("score-over-time", base({ program_uuid: [program.uuid] }))).title).toBe("Score over time");
  });

  it("is the analytics role's, and every chart drawn is on the audit trail", async () => {
    const res = await t.call("POST", "/api/analytics/charts/severity-bands", base(), t.roles.headers.clinician);
    expect(res.statusCode).toBe(403);
    const events = await t.db
      .selectFrom("audit_event" as never)
      .select(["action" as never])
      .where("action" as never, "=", "analytics.chart" as never)
      .execute();
    expect(events.length).toBeGreaterThan(0);
  });
});
