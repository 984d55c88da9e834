import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { enumOptions, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import { accountPage } from "../accounts/account-page.ts";
import { LAST_ACTIVITY_AT, LAST_ACTIVITY_CODE } from "../auth/account-columns.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { type Contact, contactInformation, EMAIL, listContacts, PHONE, primaryOf } from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import { chartVisible } from "../patients/patient-access.ts";
import { likePattern } from "../db/like-pattern.ts";

/** The fixed separator of the joined linked-patient lists (spec §3 Respondent). */
export const LINKED_SEPARATOR = "; ";

export interface LinkedPatient {
  ccaId: number;
  /** The patient's own respondent link on the chart (relation 1): the chart's address. */
  ccauId: number;
  /** This account's respondent link on the chart. */
  respondent_ccauId: number;
  patient_id: number;
  full_name: string;
  mrn: string;
  relation_id: number;
  patient_relation: string;
}

/** A patient user as the API answers it (entities/patient-user.json with its readOnly fields). */
export interface PatientUserJson {
  id: number;
  name_first: string;
  name_middle: string | null;
  name_last: string;
  full_name: string;
  username: string | null;
  email: string | null;
  phone: string | null;
  status: number;
  contact_information: string;
  is_patient: boolean;
  patients: LinkedPatient[];
  patient_names: string;
  patient_mrns: string;
  patient_relations: string;
  last_activity_code: number | null;
  last_activity_at: string | null;
}

export interface PatientUserListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: "name_last" | "name_first" | "status" | "last_activity_at";
  order?: "asc" | "desc";
  status?: number;
}

/** The charts the account answers for, limited to those `user` may see (patient-access.ts). */
function linkedPatients(user: RequestUser) {
  return sql<Omit<LinkedPatient, "patient_relation">[]>`coalesce((select json_agg(json_build_object(
      'ccaId', cca.id,
      'ccauId', coalesce((select own.id from cca_user own where own.cca_id = cca.id and own.user_id = p.user_id
        and own.relation_id = 1 and own.deleted_at is null order by own.id limit 1), cu.id),
      'respondent_ccauId', cu.id,
      'patient_id', p.id,
      'full_name', p.first_name || ' ' || p.last_name,
      'mrn', p.mrn,
      'relation_id', cu.relation_id)
      order by lower(p.last_name), lower(p.first_name), p.id)
    from cca_user cu
    join client_clinic_assignment cca on cca.id = cu.cca_id
    join patient p on p.id = cca.patient_id
    where cu.user_id = u.id and cu.deleted_at is null and ${chartVisible(user, "visible", "cca.id")}), '[]'::json)`;
}

function patientUsers(db: Kysely<Database>, user: RequestUser) {
  return db
    .selectFrom("app_user as u")
    .where("u.user_type", "=", "patient")
    .select([
      "u.id",
      "u.first_name",
      "u.middle_name",
      "u.last_name",
      "u.username",
      "u.status",
      sql<boolean>`exists (select 1 from patient p where p.user_id = u.id)`.as("is_patient"),
      linkedPatients(user).as("patients"),
      LAST_ACTIVITY_CODE.as("last_activity_code"),
      LAST_ACTIVITY_AT.as("last_activity_at"),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof patientUsers>["executeTakeFirstOrThrow"]>>;

function relationLabels(bundle: SchemaBundle): Map<number, string> {
  return new Map(enumOptions(schemaById(bundle, "enums/relation.json")).map((o) => [Number(o.value), o.label]));
}

/**
 * The API shape. Email and phone are the primary contacts of each channel, and the contact
 * information every enabled one (contacts.ts; a patient's own account holds the chart's email and
 * mobile number as emr contacts).
 */
function toJson(labels: Map<number, string>, row: Row, contacts: readonly Contact[]): PatientUserJson {
  const patients = row.patients.map((p) => ({
    ...p,
    patient_relation: labels.get(p.relation_id) ?? String(p.relation_id),
  }));
  const at = row.last_activity_at;
  return {
    id: row.id,
    name_first: row.first_name,
    name_middle: row.middle_name,
    name_last: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`,
    username: row.username,
    email: primaryOf(contacts, EMAIL)?.value ?? null,
    phone: primaryOf(contacts, PHONE)?.value ?? null,
    status: row.status,
    contact_information: contactInformation(contacts),
    is_patient: row.is_patient,
    patients,
    patient_names: patients.map((p) => p.full_name).join(LINKED_SEPARATOR),
    patient_mrns: patients.map((p) => p.mrn).join(LINKED_SEPARATOR),
    patient_relations: patients.map((p) => p.patient_relation).join(LINKED_SEPARATOR),
    last_activity_code: row.last_activity_code,
    last_activity_at: at === null ? null : new Date(at).toISOString(),
  };
}

async function withContacts(db: Kysely<Database>, bundle: SchemaBundle, rows: Row[]): Promise<PatientUserJson[]> {
  const labels = relationLabels(bundle);
  const contacts = await listContacts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toJson(labels, row, contacts.get(row.id) ?? []));
}

const SORTS: Record<NonNullable<PatientUserListQuery["sort"]>, RawBuilder<unknown>> = {
  name_last: sql`lower(u.last_name)`,
  name_first: sql`lower(u.first_name)`,
  status: sql`u.status`,
  last_activity_at: LAST_ACTIVITY_AT,
};

/** Search: names, contact values, and the names and MRNs of linked charts the caller may see. */
function searchPredicate(user: RequestUser, search: string): RawBuilder<SqlBool> {
  const pattern = likePattern(search);
  return sql<SqlBool>`(u.first_name ilike ${pattern} escape '\\' or u.last_name ilike ${pattern} escape '\\'
    or (u.first_name || ' ' || u.last_name) ilike ${pattern} escape '\\'
    or exists (select 1 from contact c where c.user_id = u.id and c.value ilike ${pattern} escape '\\')
    or exists (select 1 from cca_user cu join client_clinic_assignment cca on cca.id = cu.cca_id
      join patient p on p.id = cca.patient_id
      where cu.user_id = u.id and cu.deleted_at is null and ${chartVisible(user, "visible", "cca.id")}
      and ((p.first_name || ' ' || p.last_name) ilike ${pattern} escape '\\' or p.mrn ilike ${pattern} escape '\\'
        or p.email ilike ${pattern} escape '\\' or p.mobile_number ilike ${pattern} escape '\\')))`;
}

/** One page of patient users (respondents and patients' own accounts) under the filters, and the count. */
export async function listPatientUsers(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  query: PatientUserListQuery,
): Promise<{ rows: PatientUserJson[]; totalRecords: number }> {
  const where: RawBuilder<SqlBool>[] = [];
  if (query.status !== undefined) where.push(sql<SqlBool>`u.status = ${query.status}`);
  const search = query.search?.trim();
  if (search) where.push(searchPredicate(user, search));
  const page = await accountPage(db, "patient", patientUsers(db, user), {
    page: query.page,
    pageSize: query.pageSize,
    order: query.order,
    where,
    sortBy: SORTS[query.sort ?? "name_last"],
  });
  return { rows: await withContacts(db, bundle, page.rows), totalRecords: page.totalRecords };
}

export async function loadPatientUser(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  id: number,
): Promise<PatientUserJson | null> {
  const row = await patientUsers(db, user).where("u.id", "=", id).executeTakeFirst();
  return row ? (await withContacts(db, bundle, [row]))[0] : null;
}
