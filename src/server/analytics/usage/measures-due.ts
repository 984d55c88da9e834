import { type Kysely, sql } from "kysely";
import type { UsageMeasuresDueRow } from "../../../../generated/types/api/responses/usage-measures-due-row.ts";
import type { UsageInterval } from "../../../../generated/types/enums/usage-interval.ts";
import type { RequestUser } from "../../auth/request-user.ts";
import type { Database } from "../../db/database-types.ts";
import { percentOf } from "./percent.ts";
import { dueDay, dueInDays, isoDay, periodsSql } from "./usage-periods.ts";
import type { UsageDays } from "./usage-range.ts";
import { chartInScope } from "./usage-scope.ts";

/**
 * Measures due per period (Usage > Clinical), by due day: every measure due that was not
 * disabled (a disabled one was stopped by a discharge or deactivation, nobody was asked), how
 * many of those were submitted (on time or late: the question is whether the asking worked), and
 * how many patients' charts had one due.
 */
export async function measuresDue(
  db: Kysely<Database>,
  user: RequestUser,
  days: UsageDays,
  interval: UsageInterval,
): Promise<UsageMeasuresDueRow[]> {
  const { rows } = await sql<Omit<UsageMeasuresDueRow, "percent_completed">>`
    with periods as (${periodsSql(days, interval)}),
    due as (
      select ${dueDay(sql`cm.due_date`)} as day, cm.status, cu.cca_id
      from client_measure cm join cca_user cu on cu.id = cm.ccau_id
      where cm.status <> 'disabled'
        and ${dueInDays(sql`cm.due_date`, days)}
        and ${chartInScope(user, "cu.cca_id")}
    )
    select ${isoDay(sql`p.start_date`)} as start_date, ${isoDay(sql`p.end_date`)} as end_date,
      count(d.day)::int as measures_due,
      (count(d.day) filter (where d.status = 'submitted'))::int as measures_completed,
      count(distinct d.cca_id)::int as patients_with_measures_due
    from periods p left join due d on d.day between p.start_date and p.end_date
    group by p.start_date, p.end_date
    order by p.start_date`.execute(db);
  return rows.map((r) => ({ ...r, percent_completed: percentOf(r.measures_completed, r.measures_due) }));
}
