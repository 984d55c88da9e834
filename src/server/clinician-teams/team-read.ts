import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import { pageWindow } from "../http/paging.ts";
import { likePattern } from "../patients/patient-read.ts";

/** A clinician team as the API answers it (entities/clinician-team.json with its readOnly fields). */
export interface TeamJson {
  id: number;
  name: string;
  clinicians: number[];
  clinician_names: string[];
  patient_count: number;
}

export interface TeamListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: "name" | "patient_count";
  order?: "asc" | "desc";
}

const PATIENT_COUNT = sql<number>`(select count(*) from cca_team ct where ct.team_id = t.id)`;

function teams(db: Kysely<Database>) {
  return db.selectFrom("clinician_team as t").select([
    "t.id",
    "t.name",
    sql<number[]>`coalesce((select json_agg(m.user_id order by m.user_id) from clinician_team_member m
        where m.team_id = t.id), '[]'::json)`.as("clinicians"),
    sql<string[]>`coalesce((select json_agg(u.first_name || ' ' || u.last_name
          order by lower(u.last_name), lower(u.first_name), u.id)
        from clinician_team_member m join app_user u on u.id = m.user_id where m.team_id = t.id), '[]'::json)`.as(
      "clinician_names",
    ),
    PATIENT_COUNT.as("patient_count"),
  ]);
}

const SORTS: Record<NonNullable<TeamListQuery["sort"]>, RawBuilder<unknown>> = {
  name: sql`lower(t.name)`,
  patient_count: PATIENT_COUNT,
};

/**
 * Teams by name with their members. Without page or pageSize every team is listed (the patient
 * form's picker reads the whole list); with either, one page of the settings list.
 */
export async function listTeams(
  db: Kysely<Database>,
  query: TeamListQuery,
): Promise<{ rows: TeamJson[]; totalRecords: number }> {
  const search = query.search?.trim();
  const matches = search ? sql<boolean>`t.name ilike ${likePattern(search)} escape '\\'` : sql<boolean>`true`;
  const direction = sql.raw(query.order === "desc" ? "desc" : "asc");
  let rows = teams(db)
    .where(matches)
    .orderBy(sql`${SORTS[query.sort ?? "name"]} ${direction}`)
    .orderBy(sql`lower(t.name) ${direction}`)
    .orderBy("t.id");
  const paged = query.page !== undefined || query.pageSize !== undefined;
  if (paged) {
    const { limit, offset } = pageWindow(query);
    rows = rows.limit(limit).offset(offset);
  }
  const [page, count] = await Promise.all([
    rows.execute(),
    db.selectFrom("clinician_team as t").where(matches).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: page.map((r) => ({ ...r, patient_count: Number(r.patient_count) })),
    totalRecords: Number(count.n),
  };
}

export async function loadTeam(db: Kysely<Database>, id: number): Promise<TeamJson | null> {
  const row = await teams(db).where("t.id", "=", id).executeTakeFirst();
  return row ? { ...row, patient_count: Number(row.patient_count) } : null;
}
