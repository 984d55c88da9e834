import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { accountPage } from "../accounts/account-page.ts";
import { ACCOUNT_ROLES, LAST_ACTIVITY_AT, LAST_ACTIVITY_CODE } from "../auth/account-columns.ts";
import { ACTIVITY } from "../auth/activity-log.ts";
import { type Contact, contactInformation, listContacts, PHONE, primaryOf } from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import { likePattern } from "../db/like-pattern.ts";

/** A clinical user as the API answers it (entities/clinical-user.json with its readOnly fields). */
export interface ClinicalUserJson {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  username: string | null;
  email: string | null;
  mobile_number: string | null;
  provider_id: string | null;
  status: number;
  roles: string[];
  locations: number[];
  location_names: string[];
  superiors: number[];
  superior_names: string[];
  subordinates: number[];
  subordinate_names: string[];
  contact_information: string;
  last_login: string | null;
  last_activity_code: number | null;
  last_activity_at: string | null;
  invited_at: string | null;
}

export interface ClinicalUserListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: "last_name" | "first_name" | "email" | "provider_id" | "status" | "last_login" | "last_activity_at";
  order?: "asc" | "desc";
  status?: number;
  roles?: string[];
  no_contact_information?: boolean;
}

const NAMES_ORDER = sql.raw("lower(o.last_name), lower(o.first_name), o.id");

/** Ids and "First Last" names of the users joined to u through `table` (a JSON array each, never null). */
function linked(table: string, fromColumn: string, toColumn: string) {
  const from = sql.ref(`x.${fromColumn}`);
  const to = sql.ref(`x.${toColumn}`);
  return {
    ids: sql<number[]>`coalesce((select json_agg(${to} order by ${to}) from ${sql.table(table)} x
      where ${from} = u.id), '[]'::json)`,
    names: sql<string[]>`coalesce((select json_agg(o.first_name || ' ' || o.last_name order by ${NAMES_ORDER})
      from ${sql.table(table)} x join app_user o on o.id = ${to} where ${from} = u.id), '[]'::json)`,
  };
}

const SUPERIORS = linked("supervision", "clinician_id", "supervisor_id");
const SUBORDINATES = linked("supervision", "supervisor_id", "clinician_id");

const HAS_NO_CONTACT = sql<SqlBool>`(u.email is null and not exists
  (select 1 from contact c where c.user_id = u.id and c.enabled))`;

function clinicalUsers(db: Kysely<Database>) {
  return db
    .selectFrom("app_user as u")
    .where("u.user_type", "=", "clinical")
    .select([
      "u.id",
      "u.first_name",
      "u.last_name",
      sql<string>`u.first_name || ' ' || u.last_name`.as("full_name"),
      "u.username",
      "u.email",
      "u.provider_id",
      "u.status",
      ACCOUNT_ROLES.as("roles"),
      sql<number[]>`coalesce((select json_agg(ul.location_id order by ul.location_id) from user_location ul
        where ul.user_id = u.id), '[]'::json)`.as("locations"),
      sql<string[]>`coalesce((select json_agg(l.name order by lower(l.name), l.id) from user_location ul
        join location l on l.id = ul.location_id where ul.user_id = u.id), '[]'::json)`.as("location_names"),
      SUPERIORS.ids.as("superiors"),
      SUPERIORS.names.as("superior_names"),
      SUBORDINATES.ids.as("subordinates"),
      SUBORDINATES.names.as("subordinate_names"),
      "u.last_login_at",
      LAST_ACTIVITY_CODE.as("last_activity_code"),
      LAST_ACTIVITY_AT.as("last_activity_at"),
      sql<Date | null>`(select max(a.at) from activity_log a where a.user_id = u.id
        and a.code = ${ACTIVITY.invitationSent})`.as("invited_at"),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof clinicalUsers>["executeTakeFirstOrThrow"]>>;

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/**
 * The API shape, with the contact fields: the mobile number is the primary phone contact, and
 * the contact information lists the account email, then the enabled contacts (contacts.ts).
 */
function toJson(row: Row, contacts: readonly Contact[]): ClinicalUserJson {
  const { last_login_at, ...rest } = row;
  const others = contactInformation(contacts.filter((c) => c.value.toLowerCase() !== row.email?.toLowerCase()));
  return {
    ...rest,
    mobile_number: primaryOf(contacts, PHONE)?.value ?? null,
    contact_information: [row.email, others].filter(Boolean).join(", "),
    last_login: iso(last_login_at),
    last_activity_at: iso(row.last_activity_at),
    invited_at: iso(row.invited_at),
  };
}

const SORTS: Record<NonNullable<ClinicalUserListQuery["sort"]>, RawBuilder<unknown>> = {
  last_name: sql`lower(u.last_name)`,
  first_name: sql`lower(u.first_name)`,
  email: sql`lower(u.email)`,
  provider_id: sql`lower(u.provider_id)`,
  status: sql`u.status`,
  last_login: sql`u.last_login_at`,
  last_activity_at: LAST_ACTIVITY_AT,
};

function filters(query: ClinicalUserListQuery): RawBuilder<SqlBool>[] {
  const out: RawBuilder<SqlBool>[] = [];
  if (query.status !== undefined) out.push(sql<SqlBool>`u.status = ${query.status}`);
  if (query.roles?.length) {
    out.push(sql<SqlBool>`exists (select 1 from user_role r where r.user_id = u.id
      and r.role in (${sql.join(query.roles)}))`);
  }
  if (query.no_contact_information === true) out.push(HAS_NO_CONTACT);
  const search = query.search?.trim();
  if (search) {
    const p = likePattern(search);
    out.push(sql<SqlBool>`(u.first_name ilike ${p} escape '\\' or u.last_name ilike ${p} escape '\\'
      or (u.first_name || ' ' || u.last_name) ilike ${p} escape '\\' or u.email ilike ${p} escape '\\'
      or u.username ilike ${p} escape '\\' or u.provider_id ilike ${p} escape '\\')`);
  }
  return out;
}

/** One page of clinical users under the list's filters, and how many match in all. */
export async function listClinicalUsers(
  db: Kysely<Database>,
  query: ClinicalUserListQuery,
): Promise<{ rows: ClinicalUserJson[]; totalRecords: number }> {
  const page = await accountPage(db, "clinical", clinicalUsers(db), {
    page: query.page,
    pageSize: query.pageSize,
    order: query.order,
    where: filters(query),
    sortBy: SORTS[query.sort ?? "last_name"],
  });
  return { rows: await withContacts(db, page.rows), totalRecords: page.totalRecords };
}

async function withContacts(db: Kysely<Database>, rows: Row[]): Promise<ClinicalUserJson[]> {
  const contacts = await listContacts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toJson(row, contacts.get(row.id) ?? []));
}

export async function loadClinicalUser(db: Kysely<Database>, id: number): Promise<ClinicalUserJson | null> {
  const row = await clinicalUsers(db).where("u.id", "=", id).executeTakeFirst();
  return row ? (await withContacts(db, [row]))[0] : null;
}

export async function loadClinicalUsers(db: Kysely<Database>, ids: number[]): Promise<ClinicalUserJson[]> {
  if (ids.length === 0) return [];
  const rows = await clinicalUsers(db).where("u.id", "in", ids).orderBy("u.id").execute();
  return withContacts(db, rows);
}
