import { type Kysely, sql } from "kysely";
import { expect } from "vitest";
import type { Database } from "../../src/server/db/database-types.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Issue 12 §4's yardstick for the patient list: the patients a list must answer, in its order,
 * from a plain SQL query written from the spec (§6 access, docs/entity-engine.md §4 lists,
 * docs/patient-list.md) and nothing the server runs: the access rule read from the assignment
 * tables themselves (not the server's chart_access), the search as ILIKE on each field, the order
 * with nulls last. And the walks that read a list back from the API, by cursor and by page number.
 * Used on a hand-made seed (patient-list-reference.test.ts) and on a generated network
 * (patient-list-network.test.ts).
 */

export type Headers = { authorization: string };
export type View = "all" | "my" | "team" | "supervised";
export type Order = "asc" | "desc";
export interface Page {
  rows: { id: number; mrn: string; full_name: string; birth_date: string }[];
  totalRecords: number;
  totalAccuracy: string;
  nextCursor: string | null;
}

export const SORTS = ["last_name", "mrn", "birth_date", "gender", "latest_active_alert_at", "next_due_at"] as const;
export type Sort = (typeof SORTS)[number];
export const ORDERS: Order[] = ["asc", "desc"];

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
export async function referenceIds(
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
export async function viewers(db: Kysely<Database>): Promise<{ id: number; username: string; views: View[] }[]> {
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

/** One page of the list as `headers`' person sees it; anything but a 200 fails the test with its body. */
export async function listPage(t: TestApp, url: string, headers: Headers): Promise<Page> {
  const res = await t.app.inject({ method: "GET", url, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

/** Every row of a list by following nextCursor, checking the total on each page. */
export async function byCursor(
  t: TestApp,
  query: string,
  pageSize: number,
  headers: Headers,
  total: number,
): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&after=${cursor}` : "";
    const p: Page = await listPage(t, `/api/patients?${query}&pageSize=${pageSize}${after}`, headers);
    expect(p.rows.length).toBeLessThanOrEqual(pageSize);
    expect({ total: p.totalRecords, accuracy: p.totalAccuracy }, query).toEqual({ total, accuracy: "exact" });
    ids.push(...p.rows.map((r) => r.id));
    cursor = p.nextCursor;
  } while (cursor);
  return ids;
}

/** Every row of a list page by page number, and the page after the last one empty. */
export async function byPageNumber(
  t: TestApp,
  query: string,
  pageSize: number,
  headers: Headers,
  total: number,
): Promise<number[]> {
  const ids: number[] = [];
  const pages = Math.max(1, Math.ceil(total / pageSize));
  for (let n = 1; n <= pages + 1; n++) {
    const p = await listPage(t, `/api/patients?${query}&pageSize=${pageSize}&page=${n}`, headers);
    if (n > pages) expect(p.rows, `${query} page ${n}`).toEqual([]);
    expect({ total: p.totalRecords, accuracy: p.totalAccuracy }, `${query} page ${n}`).toEqual({
      total,
      accuracy: "exact",
    });
    ids.push(...p.rows.map((r) => r.id));
  }
  return ids;
}
