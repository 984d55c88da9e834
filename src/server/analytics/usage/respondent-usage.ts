import { type Kysely, sql } from "kysely";
import type { UsageRespondentsRow } from "../../../../generated/types/api/responses/usage-respondents-row.ts";
import type { UsageInterval } from "../../../../generated/types/enums/usage-interval.ts";
import type { RequestUser } from "../../auth/request-user.ts";
import type { Database } from "../../db/database-types.ts";
import { clinicDay, isoDay, periodsSql } from "./usage-periods.ts";
import type { UsageDays } from "./usage-range.ts";
import { chartInScope } from "./usage-scope.ts";

/**
 * Active and new respondents per period (Usage > Patients). A respondent is active in a period
 * when they submitted a measure on one of its clinic days, on a chart in the caller's scope, and
 * new in the period of their first submitted measure ever (so every new respondent is also
 * active). Counted by account: a parent answering for two children is one respondent. A link
 * removed since still counts: the answers were given.
 */
export async function respondentUsage(
  db: Kysely<Database>,
  user: RequestUser,
  zone: string,
  days: UsageDays,
  interval: UsageInterval,
): Promise<UsageRespondentsRow[]> {
  const completed = sql`cm.completed_at`;
  const { rows } = await sql<UsageRespondentsRow>`
    with periods as (${periodsSql(days, interval)}),
    submitted as (
      select cu.user_id, ${clinicDay(completed, zone)} as day
      from client_measure cm join cca_user cu on cu.id = cm.ccau_id
      where cm.status = 'submitted'
        and ${completed} < ((${days.last}::date + 1)::timestamp at time zone ${zone})
        and ${chartInScope(user, "cu.cca_id")}
    ),
    firsts as (select s.user_id, min(s.day) as first_day from submitted s group by s.user_id)
    select ${isoDay(sql`p.start_date`)} as start_date, ${isoDay(sql`p.end_date`)} as end_date,
      (select count(distinct s.user_id) from submitted s
        where s.day between p.start_date and p.end_date)::int as active_respondents,
      (select count(*) from firsts f where f.first_day between p.start_date and p.end_date)::int as new_respondents
    from periods p
    order by p.start_date`.execute(db);
  return rows;
}
