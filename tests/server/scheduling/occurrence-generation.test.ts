import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { generateOccurrences } from "../../../src/server/scheduling/generate-occurrences.ts";
import { addDays, nextDueDates, todayIn } from "../../../src/shared/scheduling/due-dates.ts";
import {
  type ChartWithRespondent,
  chartWithRespondent,
  dueDate,
  type Headers,
  measureId,
  schedule,
} from "../../helpers/measures.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

/** Noon UTC of a calendar day: the fake clock of a generator run (morning in New York). */
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

describe.each(DATABASES)("recurring schedules generate their occurrences on $name", (database) => {
  let t: TestApp;
  let clinician: Headers;
  let chart: ChartWithRespondent;
  let phq9: number;
  let gad7: number;
  let clinicianId: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const user = await signedInUser(t.db, { username: "clin", roles: ["clinician"] });
    clinician = user.headers;
    clinicianId = user.id;
    chart = await chartWithRespondent(t.app, t.db, clinician, { birth_date: "1980-05-01", clinicians: [user.id] });
    phq9 = await measureId(t.db, "phq-9");
    gad7 = await measureId(t.db, "gad-7");
  });
  // Each test's schedules stop generating after it, so later fake clocks do not fill old ones.
  afterEach(async () => {
    await t.db.updateTable("schedule").set({ enabled: false }).execute();
    await t.db.deleteFrom("client_measure").execute();
  });
  afterAll(async () => t.close());

  /** A schedule as the scheduling route makes it, but anchored anywhere (its occurrences left to the generator). */
  async function scheduleAt(frequency: number, anchor: string, ccauId = chart.ccauId): Promise<number> {
    const row = await t.db
      .insertInto("schedule")
      .values({
        ccau_id: ccauId,
        measure_id: phq9,
        frequency,
        due_date: `${anchor}T00:00:00Z`,
        next_index: 0,
        next_due_date: `${anchor}T00:00:00Z`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function occurrences(scheduleId: number) {
    const rows = await t.db
      .selectFrom("client_measure")
      .select(["due_date", "opens_on", "status"])
      .where("schedule_id", "=", scheduleId)
      .orderBy("due_date")
      .execute();
    return rows.map((r) => ({ due: r.due_date.toISOString().slice(0, 10), opens: r.opens_on, status: r.status }));
  }
  const dueDays = async (scheduleId: number) => (await occurrences(scheduleId)).map((o) => o.due);

  const FIRST_FIVE: Record<number, string[]> = {
    1: ["2027-01-29"],
    2: ["2027-01-29", "2027-01-30", "2027-01-31", "2027-02-01", "2027-02-02"],
    3: ["2027-01-29", "2027-02-05", "2027-02-12", "2027-02-19", "2027-02-26"],
    4: ["2027-01-29", "2027-02-12", "2027-02-26", "2027-03-12", "2027-03-26"],
    5: ["2027-01-29", "2027-02-28", "2027-03-29", "2027-04-29", "2027-05-29"],
    6: ["2027-01-29", "2027-03-29", "2027-05-29", "2027-07-29", "2027-09-29"],
    7: ["2027-01-29", "2027-04-29", "2027-07-29", "2027-10-29", "2028-01-29"],
    8: ["2027-01-29", "2027-07-29", "2028-01-29", "2028-07-29", "2029-01-29"],
    9: ["2027-01-29", "2027-03-12", "2027-04-23", "2027-06-04", "2027-07-16"],
    10: ["2027-01-29", "2027-05-29", "2027-09-29", "2028-01-29", "2028-05-29"],
    11: ["2027-01-29", "2028-01-29", "2029-01-29", "2030-01-29", "2031-01-29"],
  };

  it.each(Object.entries(FIRST_FIVE))(
    "frequency %s: each occurrence exists two weeks before it is due, on its own due date",
    async (code, expected) => {
      const id = await scheduleAt(Number(code), "2027-01-29");
      // The day before the anchor only what falls due within the next 14 days exists.
      await generateOccurrences(t.db, noon("2027-01-28"));
      const soon = await dueDays(id);
      expect(soon).toEqual(expected.filter((d) => d <= "2027-02-11").concat(soon.slice(expected.length)));
      expect(soon.every((d) => d <= "2027-02-11")).toBe(true);
      // Two weeks before the fifth is due, all five exist, and nothing beyond the look-ahead.
      const last = expected[expected.length - 1] as string;
      await generateOccurrences(t.db, noon(addDays(last, -14)));
      const days = await dueDays(id);
      expect(days.slice(0, 5)).toEqual(expected);
      const bound = last > "2027-02-11" ? last : "2027-02-11";
      expect(days.every((d) => d <= bound)).toBe(true);
    },
  );

  it("monthly on the 31st: February's falls on its last day, March is back on the 31st", async () => {
    const id = await scheduleAt(5, "2027-01-31");
    await generateOccurrences(t.db, noon("2027-05-20"));
    expect(await dueDays(id)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]);
  });

  it("over a daylight-saving change the look-ahead counts from the clinic's day (New York), not UTC's", async () => {
    const id = await scheduleAt(2, "2026-03-01");
    // 23:30 on March 8 in New York, the first evening of daylight time: already March 9 in UTC.
    await generateOccurrences(t.db, new Date("2026-03-09T03:30:00Z"));
    const days = await dueDays(id);
    expect(days[days.length - 1]).toBe("2026-03-22");
    expect(days).toHaveLength(22);
    // The due day ends at midnight clinic time: 05:00 UTC in standard time, 04:00 UTC in daylight time.
    const ends = await sql<{
      day: string;
      ends: Date;
    }>`select to_char(due_date at time zone 'UTC', 'YYYY-MM-DD') as day,
        ((due_date at time zone 'UTC')::date + 1)::timestamp at time zone 'America/New_York' as ends
      from client_measure where schedule_id = ${id} and due_date in ('2026-03-07T00:00:00Z', '2026-03-08T00:00:00Z')
      order by due_date`.execute(t.db);
    expect(ends.rows.map((r) => [r.day, new Date(r.ends).toISOString()])).toEqual([
      ["2026-03-07", "2026-03-08T05:00:00.000Z"],
      ["2026-03-08", "2026-03-09T04:00:00.000Z"],
    ]);
  });

  it("a missed occurrence closes unanswered at the end of its day; the next keeps its own date and opens ahead", async () => {
    const today = todayIn("America/New_York");
    const id = await scheduleAt(3, addDays(today, -14));
    await generateOccurrences(t.db);
    expect(await dueDays(id)).toEqual(nextDueDates(3, addDays(today, -14), 5));
    const res = await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: chart.respondent });
    const open = res
      .json()
      .groups.flatMap((g: { measures: { due_date: string }[] }) => g.measures)
      .map((m: { due_date: string }) => m.due_date.slice(0, 10));
    // The two past weeks were missed: not answerable any more, and nothing moved. Next week's
    // opens three days before it is due, so only today's is open now.
    expect(open).toEqual([today]);
    const rows = await occurrences(id);
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill("not_started"));
    expect(rows[3]?.opens).toBe(addDays(today, 4));
    // Next week's cannot be answered before its window opens, even by its address.
    const nextWeek = await t.db
      .selectFrom("client_measure")
      .select("id")
      .where("schedule_id", "=", id)
      .where("due_date", "=", new Date(`${addDays(today, 7)}T00:00:00Z`))
      .executeTakeFirstOrThrow();
    const early = await t.app.inject({
      method: "PUT",
      url: `/api/questionnaires/${nextWeek.id}/page/p1/question/q1`,
      headers: chart.respondent,
      payload: { value: 1, seq: 1 },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("This measure cannot be answered yet. It opens a few days before its due date.");
  });

  it("catches up after downtime: each missing occurrence once, and a second run adds nothing", async () => {
    const id = await scheduleAt(3, "2027-03-05");
    await generateOccurrences(t.db, noon("2027-03-04"));
    expect(await dueDays(id)).toEqual(["2027-03-05", "2027-03-12"]);
    // The server was down for two months.
    const back = noon("2027-05-06");
    const first = await generateOccurrences(t.db, back);
    const again = await generateOccurrences(t.db, back);
    const days = await dueDays(id);
    expect(days).toEqual(nextDueDates(3, "2027-03-05", 11)); // through May 14, within May 6 + 14
    expect(new Set(days).size).toBe(days.length);
    expect(first.created).toBe(9);
    expect(again.created).toBe(0);
  });

  it("two generator runs at once (two nodes) create every occurrence exactly once", async () => {
    const ids = await Promise.all([
      scheduleAt(2, "2027-06-01"),
      scheduleAt(3, "2027-06-01"),
      scheduleAt(5, "2027-06-30"),
    ]);
    const at = noon("2027-08-01");
    const [a, b] = await Promise.all([generateOccurrences(t.db, at), generateOccurrences(t.db, at)]);
    const daily = await dueDays(ids[0] as number);
    expect(daily).toHaveLength(76); // June 1 .. August 15
    expect(new Set(daily).size).toBe(76);
    expect(await dueDays(ids[2] as number)).toEqual(["2027-06-30", "2027-07-30"]);
    const total = 76 + (await dueDays(ids[1] as number)).length + 2;
    expect(a.created + b.created).toBe(total);
    // A cursor knocked back (a run that read it before the other committed) inserts nothing twice.
    await t.db
      .updateTable("schedule")
      .set({ next_index: 0, next_due_date: "2027-06-01T00:00:00Z" })
      .where("id", "=", ids[0] as number)
      .execute();
    expect((await generateOccurrences(t.db, at)).created).toBe(0);
    expect(await dueDays(ids[0] as number)).toHaveLength(76);
  });

  it("a deactivated respondent, a removed respondent link or a disabled schedule generates nothing", async () => {
    const other = await chartWithRespondent(t.app, t.db, clinician, {
      birth_date: "1975-02-02",
      clinicians: [clinicianId],
    });
    const inactive = await scheduleAt(2, "2027-09-01", other.ccauId);
    await t.db.updateTable("app_user").set({ status: 1 }).where("id", "=", other.respondentId).execute();
    const disabled = await scheduleAt(2, "2027-09-01");
    await t.db.updateTable("schedule").set({ enabled: false }).where("id", "=", disabled).execute();
    const third = await chartWithRespondent(t.app, t.db, clinician, {
      birth_date: "1970-03-03",
      clinicians: [clinicianId],
    });
    const removed = await scheduleAt(2, "2027-09-01", third.ccauId);
    await t.db.updateTable("cca_user").set({ deleted_at: new Date() }).where("id", "=", third.ccauId).execute();
    const control = await scheduleAt(2, "2027-09-01");
    await generateOccurrences(t.db, noon("2027-09-01"));
    expect(await dueDays(inactive)).toEqual([]);
    expect(await dueDays(disabled)).toEqual([]);
    expect(await dueDays(removed)).toEqual([]);
    expect(await dueDays(control)).toHaveLength(15);
  });

  it("scheduling weekly makes the occurrences of the next two weeks at once, each opening three days ahead", async () => {
    const made = await schedule(t.app, clinician, {
      ccauId: chart.ccauId,
      measureId: gad7,
      dueDate: dueDate(0),
      frequency: 3,
    });
    const rows = await occurrences(made.schedule.id);
    const first = dueDate(0).slice(0, 10);
    expect(rows.map((r) => r.due)).toEqual(
      nextDueDates(3, first, 5).filter((d) => d <= addDays(todayIn("America/New_York"), 14)),
    );
    expect(rows[0]?.opens).toBeNull();
    expect(rows[1]?.opens).toBe(addDays(first, 4));
  });
});
