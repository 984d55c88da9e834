import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { RequestUser } from "../auth/request-user.ts";
import { EMAIL, PHONE } from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import { chartVisible } from "../patients/patient-access.ts";

/**
 * The respondents routes' view of access: a chart, a link or an account counts only when the
 * caller may see a chart it belongs to (patient-access.ts chartVisible, the one access rule).
 * Anything else is answered exactly like something that does not exist.
 */

export interface VisibleChart {
  ccaId: number;
  patientId: number;
}

/**
 * The chart if the caller may see it, else null. `lock` takes the chart and patient rows for
 * the transaction: team changes on one chart then run one at a time, so a person cannot be
 * linked twice and activation is written once.
 */
export async function visibleChart(
  db: Kysely<Database>,
  user: RequestUser,
  ccaId: number,
  opts: { lock?: boolean } = {},
): Promise<VisibleChart | null> {
  let query = db
    .selectFrom("client_clinic_assignment as cca")
    .innerJoin("patient as p", "p.id", "cca.patient_id")
    .select(["cca.id as ccaId", "p.id as patientId"])
    .where("cca.id", "=", ccaId)
    .where(chartVisible(user, "visible", "cca.id"));
  if (opts.lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

export interface VisibleLink {
  ccauId: number;
  ccaId: number;
  userId: number;
  relationId: number;
  respondentType: string | null;
  deletedAt: Date | null;
  patientId: number;
}

/**
 * One respondent link if the caller may see its chart, else null; links marked deleted count
 * too (their results stay readable).
 */
export async function visibleLink(
  db: Kysely<Database>,
  user: RequestUser,
  ccauId: number,
): Promise<VisibleLink | null> {
  const query = db
    .selectFrom("cca_user as cu")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
    .innerJoin("patient as p", "p.id", "cca.patient_id")
    .select([
      "cu.id as ccauId",
      "cu.cca_id as ccaId",
      "cu.user_id as userId",
      "cu.relation_id as relationId",
      "cu.respondent_type as respondentType",
      "cu.deleted_at as deletedAt",
      "p.id as patientId",
    ])
    .where("cu.id", "=", ccauId)
    .where(chartVisible(user, "visible", "cca.id"));
  return ((await query.executeTakeFirst()) as VisibleLink | undefined) ?? null;
}

/**
 * The links the caller may see and change, as SQL over a cca_user alias: live (not marked
 * deleted) and on a chart the caller may see. The respondent entity's visibility.
 */
export function liveLinkVisibleSql(user: RequestUser, linkAlias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${linkAlias}.deleted_at`)} is null
    and ${chartVisible(user, "visible", `${linkAlias}.cca_id`)})`;
}

/** May the caller see this account: is it on a chart they may see (live link)? */
export function accountVisibleSql(user: RequestUser, userIdColumn: string) {
  return sql<boolean>`exists (select 1 from cca_user vcu where vcu.user_id = ${sql.ref(userIdColumn)}
    and vcu.deleted_at is null and ${chartVisible(user, "visible", "vcu.cca_id")})`;
}

/**
 * Does the caller already know this account: is it on a chart they may see, live or removed
 * (a removed link's results and names stay readable there: GET /api/assignments/:ccauId)? The
 * rule for linking a person straight away (contact-holder.ts).
 */
export function accountKnownSql(user: RequestUser, userIdColumn: string) {
  return sql<boolean>`exists (select 1 from cca_user kcu where kcu.user_id = ${sql.ref(userIdColumn)}
    and ${chartVisible(user, "visible", "kcu.cca_id")})`;
}

/** A contact of the account equal to this email (any case) or this mobile number. */
export function contactMatchSql(userIdColumn: string, email: string | null, phone: string | null) {
  const tests = [];
  if (email) tests.push(sql`(mc.channel = ${EMAIL} and lower(mc.value) = lower(${email}::text))`);
  if (phone) tests.push(sql`(mc.channel = ${PHONE} and mc.value = ${phone}::text)`);
  if (tests.length === 0) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from contact mc where mc.user_id = ${sql.ref(userIdColumn)}
    and (${sql.join(tests, sql` or `)}))`;
}
