import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database-types.ts";
import { SELF_RELATION } from "../../src/server/patients/self-relation.ts";
import { insertProgram } from "../helpers/programs.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { authHeader, createUser } from "../helpers/users.ts";

/**
 * Issue 12 §4: the patient list's speed did not cost its correctness. For every person and view,
 * search, sort, order and paging (every page by cursor and by page number), the list answers
 * exactly the patients, in exactly the order and with exactly the total, of a plain SQL query
 * written here from the spec (§6 access, docs/entity-engine.md §4 lists, docs/patient-list.md) and
 * nothing the server runs: the access rule read from the assignment tables themselves (not the
 * server's chart_access), the search as ILIKE on each field, the order with nulls last.
 *
 * The seed is a few hundred patients over every way of seeing a chart; the checks read whatever
 * the database holds, so they run as they are on a generated clinic network.
 */

type Headers = { authorization: string };
type View = "all" | "my" | "team" | "supervised";
type Order = "asc" | "desc";
interface Page {
  rows: { id: number; mrn: string; full_name: string; birth_date: string }[];
  totalRecords: number;
  totalAccuracy: string;
  nextCursor: string | null;
}

const PATIENTS = 320;
const SORTS = ["last_name", "mrn", "birth_date", "gender", "latest_active_alert_at", "next_due_at"] as const;
type Sort = (typeof SORTS)[number];
const ORDERS: Order[] = ["asc", "desc"];
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

const assignedTo = (u: number) => sql`(
  exists (select 1 from cca_clinician x where x.cca_id = c.id and x.clinician_id = ${u})
  or ${ofTeams(u)}
  or exists (select 1 from access_control_program a where a.cca_id = c.id and a.discharge_status is distinct from 'final'
    and exists (select 1 from program_clinician pc where pc.program_id = a.program_id and pc.clinician_id = ${u})))`;

const ofTeams = (u: number) => sql`(
  exists (select 1 from cca_team x join clinician_team_member m on m.team_id = x.team_id
    where x.cca_id = c.id and m.user_id = ${u})
  or exists (select 1 from access_control_program a where a.cca_id = c.id and a.discharge_status is distinct from 'final'
    and exists (select 1 from program_clinician_team pt join clinician_team_member m on m.team_id = pt.team_id
      where pt.program_id = a.program_id and m.user_id = ${u})))`;

/** The spec's rule (§6), for one view, straight from the assignment tables. */
function referenceVisible(view: View, u: number) {
  if (view === "all") return sql`true`;
  if (view === "my") return assignedTo(u);
  if (view === "team") return ofTeams(u);
  return sql`exists (select 1 from supervision s where s.supervisor_id = ${u} and ${assignedToColumn()})`;
}
// assignedTo for the supervisee s.clinician_id (a column, not a value).
const assignedToColumn = () => sql`(
  exists (select 1 from cca_clinician x where x.cca_id = c.id and x.clinician_id = s.clinician_id)
  or exists (select 1 from cca_team x join clinician_team_member m on m.team_id = x.team_id
    where x.cca_id = c.id and m.user_id = s.clinician_id)
  or exists (select 1 from access_control_program a where a.cca_id = c.id and a.discharge_status is distinct from 'final'
    and (exists (select 1 from program_clinician pc where pc.program_id = a.program_id and pc.clinician_id = s.clinician_id)
      or exists (select 1 from program_clinician_team pt join clinician_team_member m on m.team_id = pt.team_id
        where pt.program_id = a.program_id and m.user_id = s.clinician_id))))`;

const SORT_KEY: Record<Sort, string> = {
  last_name: "lower(p.last_name)",
  mrn: "lower(p.mrn)",
  birth_date: "p.birth_date",
  gender: "p.gender",
  latest_active_alert_at: "p.triage_alert_at",
  next_due_at: "p.triage_due_at",
};

/** The patients a list must answer, in its order: the sort key (the alert's newest first in the list's ascending order), names, id; nulls last. */
async function referenceIds(
  db: Kysely<Database>,
  q: { view: View; userId: number; sort: Sort; order: Order; search?: string; status?: "active" | "inactive" },
): Promise<number[]> {
  const against = q.order === "asc" ? "desc" : "asc";
  const keyOrder = q.sort === "latest_active_alert_at" ? against : q.order;
  const conditions = [referenceVisible(q.view, q.userId)];
  if (q.search) {
    const pattern = `%${q.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(sql`(p.first_name ilike ${pattern} or p.last_name ilike ${pattern} or p.mrn ilike ${pattern}
      or (p.first_name || ' ' || p.last_name) ilike ${pattern})`);
  }
  if (q.status) conditions.push(sql`p.active = ${q.status === "active"}`);
  const rows = await sql<{
    id: number;
  }>`select p.id from patient p join client_clinic_assignment c on c.patient_id = p.id
    where ${sql.join(conditions, sql` and `)}
    order by ${sql.raw(SORT_KEY[q.sort])} ${sql.raw(keyOrder)} nulls last,
      lower(p.last_name) ${sql.raw(q.order)} nulls last, lower(p.first_name) ${sql.raw(q.order)} nulls last,
      p.id ${sql.raw(q.order)}`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

/** The people whose lists are checked, with the views their permissions give (patient-view.json). */
async function viewers(db: Kysely<Database>): Promise<{ id: number; username: string; views: View[] }[]> {
  const rows = await sql<{ id: number; username: string; roles: string[] }>`select u.id, u.username,
      array_agg(r.role order by r.role) as roles
    from app_user u join user_role r on r.user_id = u.id
    where u.user_type = 'clinical' and r.role in ('admin', 'clinician', 'supervisor')
    group by u.id, u.username order by u.id`.execute(db);
  return rows.rows.map((u) => {
    const views = new Set<View>();
    if (u.roles.includes("admin")) views.add("all");
    if (u.roles.includes("clinician") || u.roles.includes("supervisor")) {
      views.add("my");
      views.add("team");
    }
    if (u.roles.includes("supervisor")) views.add("supervised");
    return { id: Number(u.id), username: u.username, views: [...views] };
  });
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
      await sql`analyze`.execute(t.db);
      people = await Promise.all(
        (await viewers(t.db)).map(async (p) => ({ ...p, headers: await authHeader(t.db, p.id) })),
      );
    }, 120_000);
    afterAll(async () => t?.close());

    const page = async (url: string, headers: Headers): Promise<Page> => {
      const res = await t.app.inject({ method: "GET", url, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };

    /** Every row of a list by following nextCursor, checking the total on each page. */
    async function byCursor(query: string, pageSize: number, headers: Headers, total: number): Promise<number[]> {
      const ids: number[] = [];
      let cursor: string | null = null;
      do {
        const after: string = cursor ? `&after=${cursor}` : "";
        const p: Page = await page(`/api/patients?${query}&pageSize=${pageSize}${after}`, headers);
        expect(p.rows.length).toBeLessThanOrEqual(pageSize);
        expect({ total: p.totalRecords, accuracy: p.totalAccuracy }, query).toEqual({ total, accuracy: "exact" });
        ids.push(...p.rows.map((r) => r.id));
        cursor = p.nextCursor;
      } while (cursor);
      return ids;
    }

    /** Every row of a list page by page number, and the page after the last one empty. */
    async function byPageNumber(query: string, pageSize: number, headers: Headers, total: number): Promise<number[]> {
      const ids: number[] = [];
      const pages = Math.max(1, Math.ceil(total / pageSize));
      for (let n = 1; n <= pages + 1; n++) {
        const p = await page(`/api/patients?${query}&pageSize=${pageSize}&page=${n}`, headers);
        if (n > pages) expect(p.rows, `${query} page ${n}`).toEqual([]);
        expect({ total: p.totalRecords, accuracy: p.totalAccuracy }, `${query} page ${n}`).toEqual({
          total,
          accuracy: "exact",
        });
        ids.push(...p.rows.map((r) => r.id));
      }
      return ids;
    }

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
              expect(await byCursor(query, size, person.headers, expected.length), label).toEqual(expected);
              expect(await byPageNumber(query, size, person.headers, expected.length), label).toEqual(expected);
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
              expect(await byCursor(query, size, person.headers, expected.length), label).toEqual(expected);
              expect(await byPageNumber(query, size, person.headers, expected.length), label).toEqual(expected);
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
            expect(await byCursor(query, size, person.headers, expected.length), `${person.username} ${query}`).toEqual(
              expected,
            );
          }
        }
      }
      // The ids are the patients': their own MRN, names and birth date come with them.
      const admin = people.find((p) => p.views.includes("all")) as (typeof people)[number];
      const first = await page("/api/patients?view=all&sort=mrn&pageSize=50", admin.headers);
      const stored = await sql<{ id: number; mrn: string; full_name: string; birth_date: string }>`
      select id, mrn, first_name || ' ' || last_name as full_name, birth_date::text as birth_date
      from patient order by lower(mrn), id limit 50`.execute(t.db);
      expect(
        first.rows.map((r) => ({ id: r.id, mrn: r.mrn, full_name: r.full_name, birth_date: r.birth_date })),
      ).toEqual(stored.rows.map((r) => ({ ...r, id: Number(r.id) })));
    });
  },
);
