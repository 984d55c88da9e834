import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database-types.ts";
import { SELF_RELATION } from "../../src/server/patients/self-relation.ts";
import {
  byCursor,
  byPageNumber,
  type Headers,
  listPage,
  ORDERS,
  referenceIds,
  SORTS,
  type View,
  viewers,
} from "../helpers/patient-list-reference.ts";
import { insertProgram } from "../helpers/programs.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { authHeader, createUser } from "../helpers/users.ts";

/**
 * Issue 12 §4: the patient list's speed did not cost its correctness. For every person and view,
 * search, sort, order and paging (every page by cursor and by page number), the list answers
 * exactly the patients, in exactly the order and with exactly the total, of the plain SQL query in
 * tests/helpers/patient-list-reference.ts.
 *
 * The seed is a few hundred patients over every way of seeing a chart, programs included (the
 * generated network of patient-list-network.test.ts has none).
 */

const PATIENTS = 320;
// Fragments of names and MRNs, a full name, one letter, characters ILIKE would read as wildcards, nothing.
// ("n_W" would find "Ann Walker" and "50%" every MRN with 50 in it, were _ and % wildcards.)
const SEARCHES = ["smi", "ann", "R0001", "r02", "Ana Walker", "e", "n_W", "50%", "zzzz"];

const FIRST = ["Ana", "Ben", "Cy", "Dana", "Eli", "Ann", "Anna"];
const LAST = ["Walker", "Smith", "Smithson", "Goldsmith", "Okafor", "walker", "Lee"];

/** A few hundred patients, each with their own account and respondent link, as adding one makes them. */
async function seedPatients(db: Kysely<Database>): Promise<void> {
  await sql`insert into patient (mrn, first_name, last_name, birth_date, gender, active)
    select 'R' || lpad(i::text, 4, '0'),
      (${sql.val(FIRST)}::text[])[1 + i % ${FIRST.length}],
      (${sql.val(LAST)}::text[])[1 + (i / 3) % ${LAST.length}],
      date '1990-01-01' + (i % 9) * 400,
      (array['f', 'm', 'u', 'o'])[1 + (i / 2) % 4],
      i % 7 <> 0
    from generate_series(1, ${PATIENTS}) as i`.execute(db);
  await sql`insert into client_clinic_assignment (patient_id) select id from patient`.execute(db);
  await sql`insert into app_user (user_type, first_name, last_name, email)
    select 'patient', first_name, last_name, 'ref-patient-' || id || '@example.org' from patient`.execute(db);
  await sql`update patient p set user_id = u.id from app_user u where u.email = 'ref-patient-' || p.id || '@example.org'`.execute(
    db,
  );
  await sql`insert into cca_user (cca_id, user_id, relation_id)
    select c.id, p.user_id, ${SELF_RELATION} from client_clinic_assignment c join patient p on p.id = c.patient_id`.execute(
    db,
  );
  // Triage keys with ties (several patients share an alert time or a due date) and many empty.
  await sql`update patient set
    triage_alert_at = case when id % 4 = 0 then timestamptz '2026-01-01 12:00Z' + (id % 5) * interval '1 hour' end,
    triage_due_at = case when id % 3 = 0 then timestamptz '2026-02-01 00:00Z' + (id % 6) * interval '1 day' end`.execute(
    db,
  );
}

/** Staff and every way of seeing a chart: directly, by team, by program (directly or by team), supervision. */
async function seedAccess(db: Kysely<Database>): Promise<void> {
  const user = (username: string, roles: string[]) => createUser(db, { username, roles });
  const alice = await user("ref-alice", ["clinician"]);
  const bob = await user("ref-bob", ["clinician"]);
  const carol = await user("ref-carol", ["clinician"]);
  const sam = await user("ref-sam", ["supervisor"]);
  await user("ref-dave", ["clinician"]);
  await user("ref-admin", ["admin"]);
  const team = async (name: string, members: number[]) => {
    const { id } = await db.insertInto("clinician_team").values({ name }).returning("id").executeTakeFirstOrThrow();
    for (const m of members) await db.insertInto("clinician_team_member").values({ team_id: id, user_id: m }).execute();
    return id;
  };
  const t1 = await team("Ref Team One", [bob]);
  const t2 = await team("Ref Team Two", [carol, bob]);
  const p1 = await insertProgram(db, { name: "Ref Program One", clinicians: [alice] });
  const p2 = await insertProgram(db, { name: "Ref Program Two", teams: [t2] });
  await db
    .insertInto("supervision")
    .values([
      { supervisor_id: sam, clinician_id: alice },
      { supervisor_id: sam, clinician_id: carol },
    ])
    .execute();
  const charts = (mod: number, rest: number) =>
    sql<{ id: number }>`select c.id from client_clinic_assignment c join patient p on p.id = c.patient_id
      where p.mrn like 'R%' and p.id % ${mod} = ${rest}`;
  await sql`insert into cca_clinician (cca_id, clinician_id) select id, ${alice} from (${charts(5, 0)}) c`.execute(db);
  await sql`insert into cca_clinician (cca_id, clinician_id) select id, ${bob} from (${charts(5, 1)}) c`.execute(db);
  await sql`insert into cca_clinician (cca_id, clinician_id) select id, ${sam} from (${charts(13, 4)}) c`.execute(db);
  await sql`insert into cca_team (cca_id, team_id) select id, ${t1} from (${charts(7, 2)}) c`.execute(db);
  await sql`insert into cca_team (cca_id, team_id) select id, ${t2} from (${charts(11, 3)}) c`.execute(db);
  const admit = (program: number, mod: number, rest: number, discharge: "pending" | "final" | null) =>
    sql`insert into access_control_program (cca_id, program_id, admission_date, discharge_date, disposition, discharge_status)
      select id, ${program}, date '2026-01-05',
        ${discharge ? sql`date '2026-03-01'` : sql`null`}, ${discharge ? "completed" : null}, ${discharge}
      from (${charts(mod, rest)}) c`.execute(db);
  await admit(p1, 17, 5, null);
  await admit(p2, 19, 6, null);
  await admit(p1, 23, 7, "final"); // a final discharge ends the program's way in
  await admit(p2, 29, 8, "pending"); // a pending one does not
  // A chart moved from one clinician to another after the seed: the list follows at once.
  await sql`update cca_clinician set clinician_id = ${carol}
    where clinician_id = ${bob} and cca_id in (select id from (${charts(10, 1)}) c)`.execute(db);
}

describe.each(DATABASES)(
  "the patient list answers exactly what a plain query says, on $name (issue 12 §4)",
  (database) => {
    let t: TestApp;
    let people: { id: number; username: string; views: View[]; headers: Headers }[];

    beforeAll(async () => {
      t = await createTestApp(database);
      await seedPatients(t.db);
      await seedAccess(t.db);
      // The tables the lists read (a whole-database analyze also walks every other test's schema).
      await sql`analyze patient, client_clinic_assignment, chart_access, cca_clinician, cca_team`.execute(t.db);
      people = await Promise.all(
        (await viewers(t.db)).map(async (p) => ({ ...p, headers: await authHeader(t.db, p.id) })),
      );
    }, 120_000);
    afterAll(async () => t?.close());

    // A page size that walks a list in three or four pages (the last one short), whatever its length.
    const pageSizeFor = (n: number) => Math.min(200, Math.max(1, Math.ceil(n / 3.5)));

    it("the seed gives every view something to show, and some charts to no one", async () => {
      const counts: Record<string, number> = {};
      for (const p of people)
        for (const view of p.views)
          counts[`${p.username} ${view}`] = (
            await referenceIds(t.db, { view, userId: p.id, sort: "last_name", order: "asc" })
          ).length;
      expect(counts["ref-admin all"]).toBe(PATIENTS);
      for (const key of ["ref-alice my", "ref-bob team", "ref-carol team", "ref-sam supervised", "ref-sam my"])
        expect(counts[key], key).toBeGreaterThan(10);
      expect(counts["ref-dave my"]).toBe(0);
      expect(counts["ref-alice my"]).toBeLessThan(PATIENTS);
    });

    it("every view in every sort and order, every page by cursor and by page number", {
      timeout: 600_000,
    }, async () => {
      for (const person of people) {
        for (const view of person.views) {
          for (const sort of SORTS) {
            for (const order of ORDERS) {
              const expected = await referenceIds(t.db, { view, userId: person.id, sort, order });
              const query = `view=${view}&sort=${sort}&order=${order}`;
              const size = pageSizeFor(expected.length);
              const label = `${person.username} ${query}`;
              expect(await byCursor(t, query, size, person.headers, expected.length), label).toEqual(expected);
              expect(await byPageNumber(t, query, size, person.headers, expected.length), label).toEqual(expected);
            }
          }
        }
      }
    });

    it("every search, in every view, by name and MRN fragments, full names and literal wildcards", {
      timeout: 600_000,
    }, async () => {
      for (const person of people) {
        for (const view of person.views) {
          for (const search of SEARCHES) {
            for (const [sort, order] of [
              ["last_name", "asc"],
              ["next_due_at", "desc"],
            ] as const) {
              const expected = await referenceIds(t.db, { view, userId: person.id, sort, order, search });
              const query = `view=${view}&sort=${sort}&order=${order}&search=${encodeURIComponent(search)}`;
              const size = pageSizeFor(expected.length);
              const label = `${person.username} ${query}`;
              expect(await byCursor(t, query, size, person.headers, expected.length), label).toEqual(expected);
              expect(await byPageNumber(t, query, size, person.headers, expected.length), label).toEqual(expected);
            }
          }
        }
      }
    });

    it("active and inactive patients apart, and the rows as the database holds them", async () => {
      for (const person of people) {
        for (const view of person.views) {
          for (const status of ["active", "inactive"] as const) {
            const expected = await referenceIds(t.db, {
              view,
              userId: person.id,
              sort: "gender",
              order: "desc",
              status,
            });
            const query = `view=${view}&sort=gender&order=desc&status=${status}`;
            const size = pageSizeFor(expected.length);
            expect(
              await byCursor(t, query, size, person.headers, expected.length),
              `${person.username} ${query}`,
            ).toEqual(expected);
          }
        }
      }
      // The ids are the patients': their own MRN, names and birth date come with them.
      const admin = people.find((p) => p.views.includes("all")) as (typeof people)[number];
      const first = await listPage(t, "/api/patients?view=all&sort=mrn&pageSize=50", admin.headers);
      const stored = await sql<{ id: number; mrn: string; full_name: string; birth_date: string }>`
      select id, mrn, first_name || ' ' || last_name as full_name, birth_date::text as birth_date
      from patient order by lower(mrn), id limit 50`.execute(t.db);
      expect(
        first.rows.map((r) => ({ id: r.id, mrn: r.mrn, full_name: r.full_name, birth_date: r.birth_date })),
      ).toEqual(stored.rows.map((r) => ({ ...r, id: Number(r.id) })));
    });
  },
);
