import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { TotalAccuracy } from "../../shared/lists/list-reach.ts";
import type { Database } from "../db/database-types.ts";
import { likePattern } from "../db/like-pattern.ts";
import { listTotal } from "../db/list-total.ts";
import { afterCursor, type CursorScope, decodeCursor, encodeCursor } from "../entities/list-cursor.ts";

/**
 * Which patients a program list shows: those admitted to one program and not finally discharged,
 * or the active patients with no such admission in any program (the no-program list).
 */
export type ProgramPatientsSource = { programId: number } | { noProgram: true };

export interface ProgramPatientsRequest {
  source: ProgramPatientsSource;
  /** The caller's chart visibility (patient-access.ts chartVisible on "cca.id"): nothing else decides who is listed. */
  visible: RawBuilder<SqlBool>;
  /** The patient just added: listed first and marked highlighted. */
  highlight?: number;
  searchTerm?: string;
  pageSize: number;
  after?: string;
}

export interface ProgramPatientRow {
  id: number;
  patient_name: string;
  mrn: string;
  birth_date: string;
  access_control_id: number;
  client_clinic_assignment_user_id: number | null;
  access_control_program_id: number | null;
  program_id: number | null;
  admission_date: string | null;
  care_status?: "in_care" | "discharge_pending";
  highlighted: boolean;
}

export interface ProgramPatientsPage {
  rows: ProgramPatientRow[];
  totalRecords: number;
  totalAccuracy: TotalAccuracy;
  nextCursor: string | null;
}

/** An admission still open: in care, or discharged pending (spec §4 Discharge: only a final discharge ends it). */
const openAdmission = (alias: string) => sql<SqlBool>`${sql.ref(`${alias}.discharge_status`)} is distinct from 'final'`;

const inProgram = (source: ProgramPatientsSource): source is { programId: number } => "programId" in source;

/** The list's rows before ordering and paging: the same conditions for the page and its count. */
function baseRows(db: Kysely<Database>, req: ProgramPatientsRequest) {
  const { source } = req;
  let q = db
    .selectFrom("patient as p")
    .innerJoin("client_clinic_assignment as cca", "cca.patient_id", "p.id")
    .leftJoin("access_control_program as acp", (join) =>
      inProgram(source)
        ? join.onRef("acp.cca_id", "=", "cca.id").on("acp.program_id", "=", source.programId).on(openAdmission("acp"))
        : // The no-program list joins nothing: keeps the two lists one shape.
          join.on(sql<SqlBool>`false`),
    )
    .where(req.visible);
  if (inProgram(source)) {
    q = q.where("acp.id", "is not", null);
  } else {
    q = q.where("p.active", "=", true).where(
      sql<SqlBool>`not exists (select 1 from access_control_program open_acp
          where open_acp.cca_id = cca.id and ${openAdmission("open_acp")})`,
    );
  }
  if (req.searchTerm) {
    const pattern = likePattern(req.searchTerm);
    q = q.where(
      sql<SqlBool>`((p.first_name || ' ' || p.last_name) ilike ${pattern} escape '\\'
        or (p.last_name || ', ' || p.first_name) ilike ${pattern} escape '\\'
        or p.mrn ilike ${pattern} escape '\\')`,
    );
  }
  return q;
}

/**
 * Newest first (spec §4 Program lists: "a just-added patient is listed first"): in a program, the
 * admission recorded last; in no program, the patient added last. The highlighted patient goes
 * before all of them. Every row has a unique position, so batches never repeat or skip a row.
 */
function orderKeys(req: ProgramPatientsRequest): { keys: RawBuilder<unknown>[]; scope: CursorScope } {
  const byProgram = inProgram(req.source);
  const keys: RawBuilder<unknown>[] = byProgram ? [sql`acp.created_at`, sql`acp.id`] : [sql`p.created_at`, sql`p.id`];
  const sort = `${byProgram ? "admitted" : "added"}:${req.highlight ?? ""}`;
  if (req.highlight !== undefined) keys.unshift(sql`case when p.id = ${req.highlight} then 1 else 0 end`);
  return { keys, scope: { sort, order: "desc" } };
}

/** How many patients the list holds (a closed program's accordion asks for nothing more). */
export function programPatientCount(db: Kysely<Database>, req: ProgramPatientsRequest) {
  return listTotal(db as Kysely<unknown>, baseRows(db, req));
}

/** One batch of a program list by keyset, and how many the list holds, under the same conditions. */
export async function programPatientsPage(
  db: Kysely<Database>,
  req: ProgramPatientsRequest,
): Promise<ProgramPatientsPage> {
  const base = baseRows(db, req);
  const { keys, scope } = orderKeys(req);
  const positioned = req.after
    ? base.where(afterCursor(keys, decodeCursor(req.after, scope, keys.length), "desc"))
    : base;
  let query = positioned
    .select([
      "p.id",
      "p.mrn",
      "p.birth_date",
      sql<string>`p.first_name || ' ' || p.last_name`.as("patient_name"),
      sql<number>`cca.id`.as("access_control_id"),
      // The patient's own respondent link, kept on the chart (migration 0036).
      sql<number | null>`cca.self_ccau_id`.as("client_clinic_assignment_user_id"),
      sql<number | null>`acp.id`.as("access_control_program_id"),
      sql<number | null>`acp.program_id`.as("program_id"),
      sql<string | null>`to_char(acp.admission_date, 'YYYY-MM-DD')`.as("admission_date"),
      sql<string | null>`case when acp.id is null then null
        when acp.discharge_status = 'pending' then 'discharge_pending' else 'in_care' end`.as("care_status"),
      sql<boolean>`${req.highlight === undefined ? sql`false` : sql`p.id = ${req.highlight}`}`.as("highlighted"),
    ])
    .select(keys.map((key, i) => sql<string | null>`(${key})::text`.as(`k${i}`)));
  for (const key of keys) query = query.orderBy(sql`${key} desc`);
  const [found, total] = await Promise.all([
    query.limit(req.pageSize).execute() as Promise<(ProgramPatientRow & Record<string, unknown>)[]>,
    listTotal(db as Kysely<unknown>, base),
  ]);
  const last = found.at(-1);
  const full = last !== undefined && found.length === req.pageSize;
  return {
    rows: found.map(served),
    ...total,
    nextCursor: full
      ? encodeCursor(
          scope,
          keys.map((_, i) => (last[`k${i}`] as string | null) ?? null),
        )
      : null,
  };
}

/** The row as the API answers it: ids as numbers (bigint columns come back as text), no order keys. */
function served(row: ProgramPatientRow & Record<string, unknown>): ProgramPatientRow {
  const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const { care_status, ...rest } = row;
  return {
    id: Number(rest.id),
    patient_name: rest.patient_name,
    mrn: rest.mrn,
    birth_date: String(rest.birth_date),
    access_control_id: Number(rest.access_control_id),
    client_clinic_assignment_user_id: id(rest.client_clinic_assignment_user_id),
    access_control_program_id: id(rest.access_control_program_id),
    program_id: id(rest.program_id),
    admission_date: rest.admission_date,
    ...(care_status ? { care_status } : {}),
    highlighted: rest.highlighted === true,
  };
}
