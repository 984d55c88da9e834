import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

/**
 * Columns computed for an account read as `app_user as u`. Every query that shows accounts (the
 * caller, the session user, the settings user lists, a location's users) takes them from here, so
 * they all agree on what an account's roles and last activity are.
 */

/** The account's roles in name order; an empty array, never null, when it has none. */
export const ACCOUNT_ROLES = sql<string[]>`coalesce((select array_agg(r.role order by r.role)
  from user_role r where r.user_id = u.id), '{}')`;

/** When the activity log last recorded something about the account; null when never. */
export const LAST_ACTIVITY_AT = sql<Date | null>`(select max(a.at) from activity_log a where a.user_id = u.id)`;

/** The code of that newest entry (of two at the same instant, the later written). */
export const LAST_ACTIVITY_CODE = sql<number | null>`(select a.code from activity_log a where a.user_id = u.id
  order by a.at desc, a.id desc limit 1)`;

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
