import { type Kysely, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import {
  contactInformation,
  type DeliveryChannels,
  EMAIL,
  listContacts,
  PHONE,
  primaryOf,
} from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import { accountVisibleSql, contactMatchSql } from "./respondent-access.ts";
import { type TeamMember, teamMember } from "./team-read.ts";

export interface ExistQuery {
  email?: string | null;
  phone?: string | null;
  name_first?: string | null;
  name_last?: string | null;
}

/** What the caller may learn about a person on charts they can see. */
export interface ExistingPerson {
  userId: number;
  full_name: string;
  name_first: string;
  name_middle: string | null;
  name_last: string;
  status: number;
  email: string | null;
  phone: string | null;
  contact_information: string;
}

export type ExistAnswer =
  | { exists: false; onTeam: false }
  | { exists: true; onTeam: true; canLink: false; accountId: number; ccauId: number; respondent: TeamMember }
  | { exists: true; onTeam: false; canLink: true; accountId: number; respondent?: ExistingPerson };

function nameMatchSql(q: ExistQuery) {
  if (!q.name_first || !q.name_last) return null;
  return sql<boolean>`(lower(u.first_name) = lower(${q.name_first}::text) and lower(u.last_name) = lower(${q.name_last}::text))`;
}

/**
 * Is the person being added to this chart already known (spec §7 GET /respondents/exist)?
 * 1. Someone on this team with the same email or mobile, or the same first and last name:
 *    onTeam, with their link, so the form offers to edit them instead.
 * 2. Else a patient-user account with the same email or mobile (the same name ranks first):
 *    it can be linked (POST existingUserId) rather than duplicated. Its names and contacts are
 *    told only when it is already on a chart the caller may see; otherwise the answer says that
 *    a match exists and nothing about who it is (docs/api/respondents.md, "What exist reveals").
 * The caller has checked that the chart is visible.
 */
export async function findExistingRespondent(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  channels: DeliveryChannels,
  user: RequestUser,
  ccaId: number,
  q: ExistQuery,
): Promise<ExistAnswer> {
  const email = q.email ?? null;
  const phone = q.phone ?? null;
  const contact = email || phone ? contactMatchSql("u.id", email, phone) : null;
  const name = nameMatchSql(q);
  const tests = [contact, name].filter((test) => test !== null);
  if (tests.length === 0) return { exists: false, onTeam: false };

  let teamQuery = db
    .selectFrom("cca_user as cu")
    .innerJoin("app_user as u", "u.id", "cu.user_id")
    .select(["cu.id", "cu.user_id"])
    .where("cu.cca_id", "=", ccaId)
    .where("cu.deleted_at", "is", null)
    .where(sql<boolean>`(${sql.join(tests, sql` or `)})`);
  // The strongest match first: same contact, then same name too (PostgreSQL refuses a constant ORDER BY).
  for (const test of tests) teamQuery = teamQuery.orderBy(sql`${test}`, "desc");
  const onTeam = await teamQuery.orderBy("cu.id").limit(1).executeTakeFirst();
  if (onTeam) {
    return {
      exists: true,
      onTeam: true,
      canLink: false,
      accountId: onTeam.user_id,
      ccauId: onTeam.id,
      respondent: await teamMember(db, bundle, channels, onTeam.id),
    };
  }

  if (!contact) return { exists: false, onTeam: false };
  let matchQuery = db
    .selectFrom("app_user as u")
    .select([
      "u.id",
      "u.first_name",
      "u.middle_name",
      "u.last_name",
      "u.status",
      accountVisibleSql(user, "u.id").as("visible"),
    ])
    .where("u.user_type", "=", "patient")
    .where(contact);
  if (name) matchQuery = matchQuery.orderBy(sql`${name}`, "desc");
  const match = await matchQuery
    .orderBy(sql`${accountVisibleSql(user, "u.id")}`, "desc")
    .orderBy("u.id")
    .limit(1)
    .executeTakeFirst();
  if (!match) return { exists: false, onTeam: false };
  if (!match.visible) return { exists: true, onTeam: false, canLink: true, accountId: match.id };

  const contacts = (await listContacts(db, [match.id])).get(match.id) ?? [];
  return {
    exists: true,
    onTeam: false,
    canLink: true,
    accountId: match.id,
    respondent: {
      userId: match.id,
      full_name: `${match.first_name} ${match.last_name}`,
      name_first: match.first_name,
      name_middle: match.middle_name,
      name_last: match.last_name,
      status: match.status,
      email: primaryOf(contacts, EMAIL)?.value ?? null,
      phone: primaryOf(contacts, PHONE)?.value ?? null,
      contact_information: contactInformation(contacts),
    },
  };
}
