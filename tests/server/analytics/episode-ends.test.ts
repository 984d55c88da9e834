import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../../src/server/db/database-types.ts";
import { analyticsSuite } from "../../helpers/analytics-suite.ts";
import { DATABASES } from "../../helpers/test-app.ts";

/**
 * The stored ends of an episode's sessions of a measure by one respondent (migration 0029): the
 * first ("taken at: admission") and the last ("first and last of each episode"), against the
 * definition computed afresh with windows over every session, after each kind of write that can
 * move them.
 */

interface Group {
  acp: number;
  ccau: number;
  measure: number;
}

/** Sessions whose stored flags differ from the definition. */
async function mismatches(db: Kysely<Database>): Promise<number[]> {
  const { rows } = await sql<{ id: string }>`
    select s.id from (
      select c.id, c.first_in_episode, c.last_in_episode,
        (c.status = 'submitted' and c.access_control_program_id is not null
          and row_number() over (partition by c.access_control_program_id, c.ccau_id, c.measure_id,
            c.status = 'submitted' order by c.completed_at, c.id) = 1) as first,
        (c.status = 'submitted' and c.access_control_program_id is not null
          and row_number() over (partition by c.access_control_program_id, c.ccau_id, c.measure_id,
            c.status = 'submitted' order by c.completed_at desc, c.id desc) = 1) as last
      from client_measure c) s
    where (s.first_in_episode, s.last_in_episode) is distinct from (s.first, s.last)
    order by s.id`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** The group's submitted sessions, first completed first, and which are flagged first and last. */
async function groupState(
  db: Kysely<Database>,
  g: Group,
): Promise<{ order: number[]; flagged: number[]; last: number[] }> {
  const { rows } = await sql<{ id: string; first_in_episode: boolean; last_in_episode: boolean }>`
    select id, first_in_episode, last_in_episode from client_measure
    where access_control_program_id = ${g.acp} and ccau_id = ${g.ccau} and measure_id = ${g.measure}
      and status = 'submitted'
    order by completed_at, id`.execute(db);
  const ids = (keep: (r: (typeof rows)[number]) => boolean) => rows.filter(keep).map((r) => Number(r.id));
  return { order: ids(() => true), flagged: ids((r) => r.first_in_episode), last: ids((r) => r.last_in_episode) };
}

describe.each(DATABASES)("the stored ends of an episode's sessions, on $name (migration 0029)", (database) => {
  const s = analyticsSuite(database, "ends");

  /** An episode in which one respondent submitted the same measure at least three times. */
  async function busyGroup(db: Kysely<Database>): Promise<Group> {
    const { rows } = await sql<{ acp: string; ccau: string; measure: string }>`
      select access_control_program_id as acp, ccau_id as ccau, measure_id as measure
      from client_measure where status = 'submitted' and access_control_program_id is not null
      group by 1, 2, 3 having count(*) >= 3 order by 1, 2, 3 limit 1`.execute(db);
    const row = rows[0];
    if (!row) throw new Error("the fixture has no episode with three sessions of a measure by one respondent");
    return { acp: Number(row.acp), ccau: Number(row.ccau), measure: Number(row.measure) };
  }

  it("is right for every session the fixture wrote, one per group", async () => {
    const db = s.t.db;
    expect(await mismatches(db)).toEqual([]);
    const g = await busyGroup(db);
    const state = await groupState(db, g);
    expect(state.flagged).toEqual([state.order[0]]);
    expect(state.last).toEqual([state.order.at(-1)]);
  });

  it("follows a session submitted, withdrawn, reopened, moved in time, moved between episodes and deleted", async () => {
    const db = s.t.db;
    const g = await busyGroup(db);
    const [first, second, third] = (await groupState(db, g)).order as [number, number, number];

    const last = (await groupState(db, g)).order.at(-1) as number;

    // The first is withdrawn (disabled): the second becomes first.
    await sql`update client_measure set status = 'disabled' where id = ${first}`.execute(db);
    expect((await groupState(db, g)).flagged).toEqual([second]);
    expect(await mismatches(db)).toEqual([]);

    // The last is withdrawn and submitted again: the one before it is last meanwhile.
    await sql`update client_measure set status = 'partial' where id = ${last}`.execute(db);
    const withoutLast = await groupState(db, g);
    expect(withoutLast.last).toEqual([withoutLast.order.at(-1)]);
    expect(withoutLast.last).not.toEqual([last]);
    await sql`update client_measure set status = 'submitted' where id = ${last}`.execute(db);
    expect((await groupState(db, g)).last).toEqual([last]);

    // Submitted again: first again.
    await sql`update client_measure set status = 'submitted' where id = ${first}`.execute(db);
    expect((await groupState(db, g)).flagged).toEqual([first]);

    // The third's completion moved before everyone's: it is first.
    await sql`update client_measure set completed_at = completed_at - interval '10 years' where id = ${third}`.execute(
      db,
    );
    expect((await groupState(db, g)).flagged).toEqual([third]);
    expect(await mismatches(db)).toEqual([]);

    // Two completed at the same instant: the lower id is first.
    await sql`update client_measure set completed_at = (select completed_at from client_measure where id = ${third})
      where id = ${second}`.execute(db);
    expect((await groupState(db, g)).flagged).toEqual([Math.min(second, third)]);
    expect(await mismatches(db)).toEqual([]);

    // Moved to another episode of the program's patient (or none): both groups are right.
    await sql`update client_measure set access_control_program_id = null where id in (${second}, ${third})`.execute(db);
    expect((await groupState(db, g)).flagged).toEqual([first]);
    const moved = await sql<{ first_in_episode: boolean }>`select first_in_episode from client_measure
      where id in (${second}, ${third})`.execute(db);
    expect(moved.rows.map((r) => r.first_in_episode)).toEqual([false, false]);
    expect(await mismatches(db)).toEqual([]);
    await sql`update client_measure set access_control_program_id = ${g.acp} where id in (${second}, ${third})`.execute(
      db,
    );
    expect((await groupState(db, g)).flagged).toEqual([Math.min(second, third)]);
    expect(await mismatches(db)).toEqual([]);

    // A new submitted session completed before all of them, inserted as submitted.
    const inserted = await sql<{ id: string }>`
      insert into client_measure (ccau_id, measure_id, measure_version_id, access_control_program_id, status,
        due_date, completed_at)
      select ccau_id, measure_id, measure_version_id, access_control_program_id, 'submitted',
        due_date, completed_at - interval '20 years'
      from client_measure where id = ${first}
      returning id`.execute(db);
    const newest = Number(inserted.rows[0]?.id);
    expect((await groupState(db, g)).flagged).toEqual([newest]);
    expect(await mismatches(db)).toEqual([]);

    // Deleted: the earliest of the rest is first again.
    await sql`delete from client_measure where id = ${newest}`.execute(db);
    expect((await groupState(db, g)).flagged).toEqual([Math.min(second, third)]);
    expect(await mismatches(db)).toEqual([]);
  });
});
