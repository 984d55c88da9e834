import { beforeAll, describe, expect, it } from "vitest";
import { type ExpectedRecord, expectedRecords, type TestQuery } from "../../helpers/analytics-expected.ts";
import type { AnalyticsFixture } from "../../helpers/analytics-fixture.ts";
import { analyticsSuite, UNASSIGNED } from "../../helpers/analytics-suite.ts";
import { DATABASES } from "../../helpers/test-app.ts";

const SCORE_TYPE_WORDS: Record<string, string> = { total_score: "Total score", internalizing: "Internalizing" };

describe.each(DATABASES)("outcomes explorer on $name", (database) => {
  const suite = analyticsSuite(database, "ox");
  const { t } = suite;
  let fx: AnalyticsFixture;
  let today: string;
  beforeAll(async () => {
    fx = suite.fx();
    today = suite.today();
  });

  const base = suite.everyone;

  const director = () => t.roles.headers.director;

  /** Every record of a query, page by page, as "record:score type" with its score. */
  async function explore(query: TestQuery): Promise<{ total: number; records: Map<string, number> }> {
    const records = new Map<string, number>();
    let total = -1;
    for (let page = 1; ; page++) {
      const res = await t.call(
        "POST",
        "/api/analytics/outcomes-explorer",
        { query, columns: ["record_id", "score_type", "score"], page, pageSize: 200 },
        director(),
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      total = body.totalRecords;
      for (const row of body.rows) records.set(`${row.record_id}:${row.score_type}`, row.score);
      if (body.rows.length < 200) break;
    }
    return { total, records };
  }

  const keyed = (expected: ExpectedRecord[]) =>
    new Map(expected.map((e) => [`${e.recordId}:${SCORE_TYPE_WORDS[e.scoreType]}`, e.score]));
  const mean = (values: Iterable<number>) => {
    const list = [...values];
    return list.length ? list.reduce((a, b) => a + b, 0) / list.length : null;
  };

  async function expectSameAsIndependent(query: TestQuery, minimum = 1): Promise<void> {
    const expected = keyed(expectedRecords(fx, query));
    expect(expected.size, "the case must select records to be worth checking").toBeGreaterThanOrEqual(minimum);
    const got = await explore(query);
    expect(got.total).toBe(expected.size);
    expect([...got.records.keys()].sort()).toEqual([...expected.keys()].sort());
    expect(mean(got.records.values())).toBeCloseTo(mean(expected.values()) as number, 9);
  }

  const cases: [string, () => Partial<TestQuery>, number?][] = [
    ["every record of a measure", () => ({})],
    ["two measures, subscales included", () => ({ measure: [fx.measures.phq9, fx.measures.psc17] })],
    ["one program", () => ({ program_uuid: [fx.programs[1]?.uuid as string] })],
    [
      "locations, and records without one",
      () => ({ program_or_location_filter: "location", location_uuid: [fx.locations[0]?.uuid as string, "none"] }),
    ],
    ["only records without a location", () => ({ program_or_location_filter: "location", location_uuid: ["none"] })],
    ["one clinician", () => ({ clinicians: [fx.clinicians[0] as number] })],
    ["Unassigned only", () => ({ clinicians: [UNASSIGNED] })],
    ["a team only", () => ({ clinicians: [], clinical_teams: [fx.teams[1] as number] })],
    [
      "a clinician or a team",
      () => ({ clinicians: [fx.clinicians[1] as number], clinical_teams: [fx.teams[0] as number] }),
    ],
    ["two genders", () => ({ gender: ["f", "n"] })],
    ["age buckets", () => ({ age: ["lt18", "36-45"] })],
    ["a custom age range", () => ({ age: ["custom"], age_custom: { min: 30, max: 50 } })],
    ["taken at admission", () => ({ completed: "admission" })],
    ["taken at discharge", () => ({ completed: "discharge" })],
    ["taken during care", () => ({ completed: "during" })],
    ["discharged episodes", () => ({ program_discharge: "discharged" })],
    ["episodes in care", () => ({ program_discharge: "in_care" })],
    ["completed on time", () => ({ completedType: "on_time" })],
    ["completed late", () => ({ completedType: "late" })],
    [
      "a completion date range",
      () => ({
        datePreset: "custom",
        customRangeDate: { greater_than: shift(today, -300), less_than: shift(today, -60) },
      }),
    ],
    [
      "an admission date range",
      () => ({
        dateFilterMode: "admission",
        datePreset: "custom",
        customRangeDate: { greater_than: shift(today, -400), less_than: shift(today, -100) },
      }),
    ],
    [
      "a discharge date range",
      () => ({
        dateFilterMode: "discharge",
        datePreset: "custom",
        customRangeDate: { greater_than: shift(today, -300), less_than: today },
      }),
    ],
    ["first and last of each episode", () => ({ results_to_include: "episode_paired" }), 4],
    ["admission and discharge pairs", () => ({ results_to_include: "program_paired" }), 4],
  ];

  it.each(cases)("%s: the same records, count and mean as an independent computation", async (_name, over, minimum) => {
    await expectSameAsIndependent(base(over()), minimum);
  });

  it("lists a session's subscales before its total score", async () => {
    const res = await t.call(
      "POST",
      "/api/analytics/outcomes-explorer",
      { query: base({ measure: [fx.measures.psc17] }), columns: ["record_id", "score_type"], pageSize: 50 },
      director(),
    );
    const rows = res.json().rows as { record_id: number; score_type: string }[];
    const first = rows.findIndex((r) => r.record_id === rows[0]?.record_id && r.score_type === "Internalizing");
    const total = rows.findIndex((r) => r.record_id === rows[0]?.record_id && r.score_type === "Total score");
    expect(first).toBeGreaterThanOrEqual(0);
    expect(total).toBe(first + 1);
  });

  it("answers words, not codes, with the default columns and the query's hash", async () => {
    const res = await t.call("POST", "/api/analytics/outcomes-explorer", { query: base(), pageSize: 5 }, director());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.columns.map((c: { header: string }) => c.header)).toEqual([
      "Completion date",
      "MRN",
      "Last name",
      "First name",
      "Program",
      "Measure",
      "Taken at",
      "Score type",
      "Score",
      "Days in treatment at completion",
    ]);
    expect(body.hash).toMatch(/^[0-9a-f]{16}$/);
    for (const row of body.rows) {
      expect(["Admission", "Discharge", "During care"]).toContain(row.taken_at);
      expect(row.measure_name).toBe("PHQ-9");
    }
    const everything = await t.call(
      "POST",
      "/api/analytics/outcomes-explorer",
      {
        query: base({ program_discharge: "discharged" }),
        columns: ["gender", "disposition", "episode_status", "completed_by"],
        pageSize: 50,
      },
      director(),
    );
    for (const row of everything.json().rows) {
      expect(["Male", "Female", "Unknown", "Other", "Nonbinary"]).toContain(row.gender);
      expect(["Admitted", "Dropped out", "Transferred"]).toContain(row.disposition);
      expect(row.episode_status).toBe("Discharged");
      expect(row.completed_by).toBe("Patient");
    }
  });

  it("answers the total alone with count_only", async () => {
    const query = base();
    const res = await t.call("POST", "/api/analytics/outcomes-explorer", { query, count_only: true }, director());
    expect(res.json()).toMatchObject({ rows: [], totalRecords: expectedRecords(fx, query).length });
  });

  it("shows item-level answers of one measure, one column per question", async () => {
    const query = base({ scorableFilter: false, measure: [fx.measures.gad7] });
    const res = await t.call("POST", "/api/analytics/outcomes-explorer", { query, pageSize: 200 }, director());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const sessions = new Set(expectedRecords(fx, query).map((r) => r.recordId));
    expect(body.totalRecords).toBe(sessions.size);
    expect(body.columns.map((c: { field: string }) => c.field)).toContain("item_q1");
    expect(body.columns.map((c: { field: string }) => c.field)).not.toContain("score");
    const byId = new Map(fx.sessions.map((s) => [s.id, s]));
    for (const row of body.rows) {
      expect(row.item_q1).toBe((byId.get(row.record_id)?.scores[0]?.value as number) % 4);
      expect(row.item_q2).toBeNull();
    }
    const two = await t.call(
      "POST",
      "/api/analytics/outcomes-explorer",
      { query: base({ scorableFilter: false, measure: [fx.measures.gad7, fx.measures.phq9] }) },
      director(),
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().error).toBe("Item-level answers are shown for one measure at a time. Select one measure.");
  });

  it("refuses a query that is not whole, with the spec's words, and changes nothing", async () => {
    const send = (query: unknown) => t.call("POST", "/api/analytics/outcomes-explorer", { query }, director());
    const messages = async (query: unknown) => {
      const res = await send(query);
      expect(res.statusCode, res.body).toBe(400);
      return JSON.stringify(res.json());
    };
    const { measure: _m, ...noMeasure } = base();
    expect(await messages(noMeasure)).toContain("Select at least one measure.");
    expect(await messages(base({ measure: [] }))).toContain("Select at least one measure.");
    expect(await messages(base({ program_uuid: [] }))).toContain("Select at least one program.");
    expect(await messages(base({ program_or_location_filter: "location" }))).toContain("Select at least one location.");
    expect(await messages(base({ clinicians: [], clinical_teams: [] }))).toContain(
      "Select at least one clinician or team.",
    );
    expect(await messages(base({ gender: [] }))).toContain("Select at least one gender.");
    expect(await messages(base({ age: ["custom"] }))).toContain(
      "A custom age range needs a from and a to age, 0 to 120.",
    );
    expect(await messages(base({ datePreset: "custom" }))).toContain("A custom date range needs a from and a to date");
    expect(await messages(base({ program_uuid: ["not-a-uuid"] }))).toContain("Programs is not valid");
    expect(
      await messages(
        base({ datePreset: "custom", customRangeDate: { greater_than: today, less_than: shift(today, -1) } }),
      ),
    ).toContain("The from date must be on or before the to date.");
    expect(await messages({ ...base(), nonsense: 1 })).toContain("That field is not part of an analytics query");
    const badColumn = await t.call(
      "POST",
      "/api/analytics/outcomes-explorer",
      { query: base(), columns: ["password_hash"] },
      director(),
    );
    expect(badColumn.statusCode).toBe(400);
    expect(badColumn.json().error).toBe("Not a column of the records table: password_hash.");
    const badSort = await t.call(
      "POST",
      "/api/analytics/outcomes-explorer",
      { query: base(), sort: "mrn; drop" },
      director(),
    );
    expect(badSort.statusCode).toBe(400);
    const deep = await t.call(
      "POST",
      "/api/analytics/outcomes-explorer",
      { query: base(), page: 500, pageSize: 25 },
      director(),
    );
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error).toContain("Only the first 10,000 records can be paged.");
  });

  it("is the analytics role's alone", async () => {
    for (const role of ["clinician", "supervisor", "staff", "admin", "respondent"] as const) {
      const res = await t.call("POST", "/api/analytics/outcomes-explorer", { query: base() }, t.roles.headers[role]);
      expect(res.statusCode, role).toBe(403);
    }
  });

  it("offers the programs, the locations with No location, and the choices that follow from them", async () => {
    const programs = (await t.call("GET", "/api/analytics/programs", undefined, director())).json();
    expect(programs.map((p: { value: string }) => p.value)).toEqual(
      expect.arrayContaining(fx.programs.map((p) => p.uuid)),
    );
    const locations = (await t.call("GET", "/api/analytics/locations", undefined, director())).json();
    expect(locations.at(-1)).toEqual({ value: "none", label: "No location" });
    const scoped = await t.call(
      "POST",
      "/api/analytics/filter-options",
      { program_or_location_filter: "program", program_uuid: [fx.programs[0]?.uuid] },
      director(),
    );
    expect(scoped.statusCode, scoped.body).toBe(200);
    const options = scoped.json();
    expect(options.clinicians[0]).toEqual({ value: UNASSIGNED, label: "Unassigned" });
    // Every clinician of a chart admitted to the program is offered, so "all" leaves no record out.
    const inProgram = new Set(
      fx.sessions.filter((s) => s.episode?.programIndex === 0).flatMap((s) => s.patient.clinicians),
    );
    const offered = new Set(options.clinicians.map((c: { value: number }) => c.value));
    for (const c of inProgram) expect(offered.has(c)).toBe(true);
    expect(options.measures.map((m: { label: string }) => m.label).sort()).toEqual(["GAD-7", "PHQ-9"]);
  });
});

function shift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
