import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import type { PatientModel, SortTarget } from "./patient-model.ts";
import { relationIds, relationSpec } from "./patient-relations.ts";

/** A patient as the API answers it: entity fields, computed readOnly fields, and extra fields at the top. */
export type PatientJson = Record<string, unknown> & { id: number };

type Row = Record<string, unknown>;

/** Patients joined to their chart. Every query of this module starts here. */
export function patientsWithChart(db: Kysely<Database>) {
  return db.selectFrom("patient as p").innerJoin("client_clinic_assignment as cca", "cca.patient_id", "p.id");
}

type PatientQuery = ReturnType<typeof patientsWithChart>;

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Adds the computed columns: chart ids, relation ids and names, last completed session. */
function withComputed(query: PatientQuery, model: PatientModel) {
  const ccaId = sql.ref("cca.id");
  let q = query.selectAll("p").select([
    "cca.id as cca_id",
    sql<number | null>`(select cu.id from cca_user cu where cu.cca_id = cca.id and cu.user_id = p.user_id
        and cu.relation_id = 1 and cu.deleted_at is null order by cu.id limit 1)`.as("ccau_id"),
    sql<Date | null>`(select max(cm.completed_at) from client_measure cm join cca_user cu on cu.id = cm.ccau_id
        where cu.cca_id = cca.id and cm.status = 'submitted')`.as("latest_completed"),
  ]);
  for (const field of model.fields) {
    if (field.kind !== "relation") continue;
    const spec = relationSpec(field.relation);
    q = q.select([
      relationIds(field.relation, ccaId).as(`rel_${field.field}`),
      spec.names(ccaId).as(`names_${spec.namesField}`),
    ]) as unknown as typeof q;
  }
  return q;
}

/** Shapes one row in the order of the entity's properties. */
export function toPatientJson(model: PatientModel, row: Row): PatientJson {
  const extra = (row.extra ?? {}) as Row;
  const computed: Row = {
    full_name: `${row.first_name} ${row.last_name}`,
    access_control_id: row.cca_id,
    client_clinic_assignment_user_id: row.ccau_id ?? null,
    latest_completed_session_completed_date: iso(row.latest_completed),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
  for (const key of Object.keys(row)) {
    if (key.startsWith("names_")) computed[key.slice("names_".length)] = row[key];
  }
  const out: Row = {};
  for (const field of model.fields) {
    if (field.kind === "column") {
      const value = row[field.column];
      out[field.field] = value instanceof Date ? value.toISOString() : (value ?? null);
    } else if (field.kind === "relation") {
      out[field.field] = row[`rel_${field.field}`] ?? [];
    } else if (field.kind === "computed") {
      if (field.field in computed) out[field.field] = computed[field.field];
    } else if (extra[field.field] !== undefined) {
      // An extra field never saved is left out rather than sent as null, which its schema may not allow.
      out[field.field] = extra[field.field];
    }
  }
  return out as PatientJson;
}

/**
 * One patient by id. Routes pass the caller's access predicate (patient-access.ts chartVisible);
 * writes and history, which checked access already, pass none.
 */
export async function loadPatient(
  db: Kysely<Database>,
  model: PatientModel,
  id: number,
  access?: RawBuilder<SqlBool>,
): Promise<PatientJson | null> {
  let query = withComputed(patientsWithChart(db), model).where("p.id", "=", id);
  if (access) query = query.where(access);
  const row = await query.executeTakeFirst();
  return row ? toPatientJson(model, row as Row) : null;
}

/** Several patients by id (the demo seed's history rows). */
export async function loadPatients(db: Kysely<Database>, model: PatientModel, ids: number[]): Promise<PatientJson[]> {
  if (ids.length === 0) return [];
  const rows = await withComputed(patientsWithChart(db), model).where("p.id", "in", ids).orderBy("p.id").execute();
  return rows.map((row) => toPatientJson(model, row as Row));
}

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function targetExpression(target: SortTarget, forText = false): RawBuilder<unknown> {
  if (target.kind === "column") {
    const column = sql.ref(`p.${target.column}`);
    if (forText) return sql`${column}::text`;
    return target.text ? sql`lower(${column})` : sql`${column}`;
  }
  const key = sql.val(target.key);
  if (forText) return sql`(p.extra ->> ${key})`;
  // A value stored before the schema changed its type sorts as blank instead of failing the cast.
  if (target.numeric)
    return sql`(case when jsonb_typeof(p.extra -> ${key}) = 'number' then (p.extra ->> ${key})::numeric end)`;
  return sql`lower(p.extra ->> ${key})`;
}

/** Matches the search text in the table's search fields, and in "first last" full names. */
export function searchPredicate(model: PatientModel, search: string): RawBuilder<SqlBool> {
  const pattern = likePattern(search);
  const tests = model.search.targets.map((t) => sql`${targetExpression(t, true)} ilike ${pattern} escape '\\'`);
  if (model.search.fullName) tests.push(sql`(p.first_name || ' ' || p.last_name) ilike ${pattern} escape '\\'`);
  if (tests.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}

export interface PatientPage {
  filter: RawBuilder<SqlBool>[];
  sort: SortTarget | null;
  order: "asc" | "desc";
  limit: number;
  offset: number;
}

/** One page of patients and the count of all that match, both under the same filters. */
export async function queryPatientPage(
  db: Kysely<Database>,
  model: PatientModel,
  page: PatientPage,
): Promise<{ rows: PatientJson[]; totalRecords: number }> {
  let base = patientsWithChart(db);
  for (const predicate of page.filter) base = base.where(predicate);

  const direction = sql.raw(page.order === "desc" ? "desc" : "asc");
  let rowsQuery = withComputed(base, model);
  if (page.sort) rowsQuery = rowsQuery.orderBy(sql`${targetExpression(page.sort)} ${direction} nulls last`);
  // Ties (and the default) fall back to name order, then id, so paging is stable.
  rowsQuery = rowsQuery
    .orderBy(sql`lower(p.last_name) ${direction}`)
    .orderBy(sql`lower(p.first_name) ${direction}`)
    .orderBy("p.id", page.order);

  const [rows, count] = await Promise.all([
    rowsQuery.limit(page.limit).offset(page.offset).execute(),
    base.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => toPatientJson(model, row as Row)), totalRecords: Number(count.n) };
}
