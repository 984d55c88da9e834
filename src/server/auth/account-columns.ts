import { type Expression, type Kysely, sql } from "kysely";
import type { Channel, Contact } from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";

/**
 * Columns computed for an account read as `app_user as u`, or for the account id given. Every
 * query that shows accounts (the caller, the session user, the settings user lists, a location's
 * users) takes them from here, so they all agree on what an account's roles and last activity are.
 */

/** The account's roles in name order; an empty array, never null, when it has none. */
export const ACCOUNT_ROLES = sql<string[]>`coalesce((select array_agg(r.role order by r.role)
  from user_role r where r.user_id = u.id), '{}')`;

/** When the activity log last recorded something about the account (`account`: its id); null when never. */
export const lastActivityAt = (account: Expression<number>) =>
  sql<Date | null>`(select max(a.at) from activity_log a where a.user_id = ${account})`;

/** The code of that newest entry (of two at the same instant, the later written). */
export const lastActivityCode = (account: Expression<number>) =>
  sql<number | null>`(select a.code from activity_log a where a.user_id = ${account}
    order by a.at desc, a.id desc limit 1)`;

/**
 * An account record without its last activity code when the log holds nothing of the account:
 * the code's enum does not allow null, so the record as read stays a valid body to save back.
 */
export function withoutMissingActivity(record: Record<string, unknown>): Record<string, unknown> {
  if (record.last_activity_code !== null) return record;
  const { last_activity_code: _none, ...rest } = record;
  return rest;
}

/** The value of the account's primary contact on `channel` (contacts.ts keeps one per channel); null when none. */
export const primaryContactValue = (account: Expression<number>, channel: Channel) =>
  sql<string | null>`(select c.value from contact c where c.user_id = ${account} and c.channel = ${channel}
    and c.is_primary)`;

/** The account's contacts as contacts.ts answers them, for its contactInformation (primary first in each channel). */
export const accountContacts = (account: Expression<number>) =>
  sql<Contact[]>`coalesce((select json_agg(json_build_object('id', c.id, 'user_id', c.user_id, 'channel', c.channel,
      'primary', c.is_primary, 'emr', c.emr, 'value', c.value, 'editable', c.editable, 'enabled', c.enabled)
    order by c.channel, c.is_primary desc, c.id) from contact c where c.user_id = ${account}), '[]'::json)`;

/**
 * An account (`app_user as u`) with who it is and its roles: what the access hook's caller and
 * the session user both start from, each adding the columns of its own job.
 */
export function accountWithRoles(db: Kysely<Database>) {
  return db
    .selectFrom("app_user as u")
    .select([
      "u.id",
      "u.uuid",
      "u.username",
      "u.user_type",
      "u.status",
      "u.first_name",
      "u.last_name",
      ACCOUNT_ROLES.as("roles"),
    ]);
}
