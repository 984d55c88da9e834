import { type Kysely, sql } from "kysely";
import type { UsageSignInsRow } from "../../../../generated/types/api/responses/usage-sign-ins-row.ts";
import type { UsageInterval } from "../../../../generated/types/enums/usage-interval.ts";
import { ACTIVITY } from "../../auth/activity-log.ts";
import type { RequestUser } from "../../auth/request-user.ts";
import type { Database } from "../../db/database-types.ts";
import { clinicDay, isoDay, momentInDays, periodsSql } from "./usage-periods.ts";
import type { UsageDays } from "./usage-range.ts";
import { clinicalUserInScope } from "./usage-scope.ts";

/**
 * Clinical users' successful sign-ins per period and role (Usage > Clinical), from the activity
 * log. Roles are today's (user_role keeps no history); a person with two roles counts under each,
 * so the columns answer "how much did supervisors use it" rather than adding up to all sign-ins.
 * A clinician handing the device to a respondent is not a sign-in.
 */
export async function signInCounts(
  db: Kysely<Database>,
  user: RequestUser,
  zone: string,
  days: UsageDays,
  interval: UsageInterval,
): Promise<UsageSignInsRow[]> {
  const at = sql`a.at`;
  const { rows } = await sql<UsageSignInsRow>`
    with periods as (${periodsSql(days, interval)}),
    sign_ins as (
      select ${clinicDay(at, zone)} as day, r.role
      from activity_log a
        join app_user u on u.id = a.user_id and u.user_type = 'clinical'
        join user_role r on r.user_id = a.user_id
      where a.code = ${ACTIVITY.loginSuccess}
        and ${momentInDays(at, days, zone)}
        and ${clinicalUserInScope(user, "a.user_id")}
    )
    select ${isoDay(sql`p.start_date`)} as start_date, ${isoDay(sql`p.end_date`)} as end_date,
      (count(s.day) filter (where s.role = 'clinician'))::int as clinician_logins,
      (count(s.day) filter (where s.role = 'supervisor'))::int as supervisor_logins,
      (count(s.day) filter (where s.role = 'staff'))::int as staff_logins,
      (count(s.day) filter (where s.role = 'admin'))::int as admin_logins
    from periods p left join sign_ins s on s.day between p.start_date and p.end_date
    group by p.start_date, p.end_date
    order by p.start_date`.execute(db);
  return rows;
}
