import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../../src/server/db/database-types.ts";
import { analyticsSuite } from "../../helpers/analytics-suite.ts";
import { resultMismatches as mismatches } from "../../helpers/patient-results.ts";
import { DATABASES } from "../../helpers/test-app.ts";

/**
 * What each patient carries of their chart's results (migration 0032): the last completed session,
 * the latest score and the open alert count, against their definition computed afresh (the newest
 * submitted session of the chart, the newest with a total score, the alerts not acknowledged),
 * after each kind of write that can change them.
 */

interface Scored {
  session: number;
  chart: number;
  patient: number;
}

/** The newest scored session of the chart with the most scored sessions (the fixture has several). */
async function busyChart(db: Kysely<Database>): Promise<Scored> {
  const { rows } = await sql<{ chart: string; patient: string }>`
    select c.id as chart, c.patient_id as patient from client_clinic_assignment c
    join cca_user cu on cu.cca_id = c.id join client_measure cm on cm.ccau_id = cu.id
    join measure_score ms on ms.client_measure_id = cm.id and ms.score_type = 'total_score'
    where cm.status = 'submitted' group by c.id having count(*) >= 3 order by count(*) desc, c.id limit 1`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("the fixture has no chart with three scored sessions");
  return { chart: Number(row.chart), patient: Number(row.patient), session: await newestScored(db, Number(row.chart)) };
}

async function newestScored(db: Kysely<Database>, chart: number): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    select cm.id from client_measure cm join cca_user cu on cu.id = cm.ccau_id
    join measure_score ms on ms.client_measure_id = cm.id and ms.score_type = 'total_score'
    where cu.cca_id = ${chart} and cm.status = 'submitted' order by cm.completed_at desc, cm.id desc limit 1`.execute(
    db,
  );
  return Number(rows[0]?.id);
}

async function stored(db: Kysely<Database>, patient: number) {
  return db
    .selectFrom("patient")
    .select(["latest_completed_at", "latest_score", "open_alert_count"])
    .where("id", "=", patient)
    .executeTakeFirstOrThrow();
}

describe.each(DATABASES)("a patient's latest results, on $name (migration 0032)", (database) => {
  const s = analyticsSuite(database, "latest");

  it("is right for every patient the fixture wrote", async () => {
    const db = s.t.db;
    expect(await mismatches(db)).toEqual([]);
    // Not only nulls: the fixture's charts have results for the comparison to be about.
    const { chart, patient } = await busyChart(db);
    const row = await stored(db, patient);
    expect(row.latest_score).toMatchObject({ measure: expect.any(String), score: expect.any(Number) });
    expect(row.latest_completed_at).toBeInstanceOf(Date);
    expect(chart).toBeGreaterThan(0);
  });

  it("follows sessions withdrawn, reopened, moved in time and between charts, rescored, inserted and deleted", async () => {
    const db = s.t.db;
    const { chart, patient, session } = await busyChart(db);
    const exec = (query: ReturnType<typeof sql>) => query.execute(db);
    const scoreOf = async () => ((await stored(db, patient)).latest_score as { score: number } | null)?.score;

    // Withdrawn: the session before it is the latest.
    await exec(sql`update client_measure set status = 'disabled' where id = ${session}`);
    expect(await newestScored(db, chart)).not.toBe(session);
    expect(await mismatches(db)).toEqual([]);
    // Reopened, then submitted again.
    await exec(sql`update client_measure set status = 'partial' where id = ${session}`);
    expect(await mismatches(db)).toEqual([]);
    await exec(sql`update client_measure set status = 'submitted' where id = ${session}`);
    expect(await newestScored(db, chart)).toBe(session);
    expect(await mismatches(db)).toEqual([]);

    // Its severity and total changed, its total removed and written again.
    await exec(sql`update client_measure set severity = 'Changed' where id = ${session}`);
    expect(((await stored(db, patient)).latest_score as { severity: string }).severity).toBe("Changed");
    await exec(
      sql`update measure_score set value = 99 where client_measure_id = ${session} and score_type = 'total_score'`,
    );
    expect(await scoreOf()).toBe(99);
    await exec(sql`delete from measure_score where client_measure_id = ${session} and score_type = 'total_score'`);
    expect(await scoreOf()).not.toBe(99);
    expect(await mismatches(db)).toEqual([]);
    await exec(
      sql`insert into measure_score (client_measure_id, score_type, value) values (${session}, 'total_score', 42)`,
    );
    expect(await scoreOf()).toBe(42);

    // Moved back in time: another session is the newest.
    await exec(sql`update client_measure set completed_at = completed_at - interval '20 years' where id = ${session}`);
    expect(await newestScored(db, chart)).not.toBe(session);
    expect(await mismatches(db)).toEqual([]);

    // Moved to another chart's respondent link: both charts are right.
    await exec(sql`update client_measure set completed_at = now(), ccau_id = (select cu.id from cca_user cu
      where cu.cca_id <> ${chart} order by cu.id limit 1) where id = ${session}`);
    expect(await mismatches(db)).toEqual([]);

    // A new scored session, inserted as submitted with its score in the next statement (as a submit writes them).
    const inserted = await sql<{ id: string }>`
      insert into client_measure (ccau_id, measure_id, measure_version_id, status, due_date, completed_at, severity)
      select cu.id, m.id, m.current_version_id, 'submitted', now(), now() + interval '1 day', 'Mild'
      from cca_user cu, measure m where cu.cca_id = ${chart} and m.id = (select measure_id from client_measure where id = ${session})
      order by cu.id limit 1 returning id`.execute(db);
    const newest = Number(inserted.rows[0]?.id);
    await exec(
      sql`insert into measure_score (client_measure_id, score_type, value) values (${newest}, 'total_score', 7)`,
    );
    expect(await newestScored(db, chart)).toBe(newest);
    expect(await scoreOf()).toBe(7);
    expect(await mismatches(db)).toEqual([]);

    // Deleted: the one before is the latest again.
    await exec(sql`delete from client_measure where id = ${newest}`);
    expect(await newestScored(db, chart)).not.toBe(newest);
    expect(await mismatches(db)).toEqual([]);
  });

  it("follows a measure renamed and a respondent link deleted with its sessions", async () => {
    const db = s.t.db;
    const { chart, patient } = await busyChart(db);
    const measure = (await stored(db, patient)).latest_score as { measure: string };
    await sql`update measure set abbreviation = 'Renamed' where abbreviation = ${measure.measure}`.execute(db);
    expect((await stored(db, patient)).latest_score).toMatchObject({ measure: "Renamed" });
    expect(await mismatches(db)).toEqual([]);
    await sql`update measure set abbreviation = ${measure.measure} where abbreviation = 'Renamed'`.execute(db);
    expect(await mismatches(db)).toEqual([]);

    // Every link of the chart deleted outright: nothing completed, no score.
    await sql`delete from cca_user where cca_id = ${chart}`.execute(db);
    expect(await stored(db, patient)).toMatchObject({ latest_completed_at: null, latest_score: null });
    expect(await mismatches(db)).toEqual([]);
  });

  it("counts the alerts raised, acknowledged and deleted", async () => {
    const db = s.t.db;
    const { rows } = await sql<{ session: string; chart: string; patient: string }>`
      select cm.id as session, c.id as chart, c.patient_id as patient from client_measure cm
      join cca_user cu on cu.id = cm.ccau_id join client_clinic_assignment c on c.id = cu.cca_id
      where cm.status = 'submitted' order by cm.id limit 1`.execute(db);
    const at = rows[0] as { session: string; chart: string; patient: string };
    const patient = Number(at.patient);
    const before = (await stored(db, patient)).open_alert_count;
    const raised = await sql<{ id: string }>`
      insert into alert (client_measure_id, cca_id, rule_id, message)
      values (${at.session}, ${at.chart}, 'test-a', 'A'), (${at.session}, ${at.chart}, 'test-b', 'B') returning id`.execute(
      db,
    );
    expect((await stored(db, patient)).open_alert_count).toBe(before + 2);
    const [first, second] = raised.rows.map((r) => Number(r.id));
    await sql`update alert set acknowledged_at = now() where id = ${first}`.execute(db);
    expect((await stored(db, patient)).open_alert_count).toBe(before + 1);
    await sql`delete from alert where id = ${second}`.execute(db);
    expect((await stored(db, patient)).open_alert_count).toBe(before);
    expect(await mismatches(db)).toEqual([]);
  });
});
