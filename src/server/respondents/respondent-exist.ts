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
import { findContactHolder, mayLinkDirectly } from "./contact-holder.ts";
import { contactMatchSql } from "./respondent-access.ts";
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
  | { exists: true; onTeam: false; canLink: true; accountId: number; respondent: ExistingPerson }
  | { exists: true; onTeam: false; canLink: false; needsInvitation: true };

function nameMatchSql(q: ExistQuery) {
  if (!q.name_first || !q.name_last) return null;
  return sql<boolean>`(lower(u.first_name) = lower(${q.name_first}::text) and lower(u.last_name) = lower(${q.name_last}::text))`;
}

/**
 * Is the person being added to this chart already known (spec §7 GET /respondents/exist)?
 * 1. Someone on this team with the same email or mobile, or the same first and last name:
 *    onTeam, with their link, so the form offers to edit them instead.
 * 2. Else a patient-user account with the same email or mobile (the same name ranks first).
 *    When the caller may see it (a chart of theirs holds it) or manages every patient user, it
 *    can be linked (POST existingUserId) rather than duplicated, and who it is is told. Otherwise
 *    the answer says only that adding them sends them an invitation to accept: no account id,
 *    name or contact (docs/security/respondent-linking.md).
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

  const holder = await findContactHolder(db, user, q);
  if (!holder) return { exists: false, onTeam: false };
  // Someone the caller cannot see: no id, name or contact, only that adding them sends the
  // person an invitation to accept (docs/security/respondent-linking.md).
  if (!mayLinkDirectly(user, holder)) return { exists: true, onTeam: false, canLink: false, needsInvitation: true };
  const match = await db
    .selectFrom("app_user as u")
    .select(["u.id", "u.first_name", "u.middle_name", "u.last_name", "u.status"])
    .where("u.id", "=", holder.userId)
    .executeTakeFirstOrThrow();

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
