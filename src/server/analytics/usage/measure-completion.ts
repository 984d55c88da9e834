import { type Kysely, sql } from "kysely";
import type { UsageMeasureCompletionRow } from "../../../../generated/types/api/responses/usage-measure-completion-row.ts";
import type { RequestUser } from "../../auth/request-user.ts";
import type { Database } from "../../db/database-types.ts";
import { percentOf } from "./percent.ts";
import { dueInDays } from "./usage-periods.ts";
import type { UsageDays } from "./usage-range.ts";
import { chartInScope } from "./usage-scope.ts";

/**
 * Completions per measure (Usage > Measures) over the measures due in the range, counted as
 * measures-due.ts counts them, so the rows add up to that series' totals. Most-used first.
 */
export async function measureCompletion(
  db: Kysely<Database>,
  user: RequestUser,
  days: UsageDays,
): Promise<UsageMeasureCompletionRow[]> {
  const { rows } = await sql<Omit<UsageMeasureCompletionRow, "percent_completed">>`
    select m.abbreviation as measure_abbreviation, m.name as measure_name,
      count(distinct cm.id)::int as count_owl_measure_uuid,
      (count(distinct cm.id) filter (where cm.status = 'submitted'))::int as count_completed
    from client_measure cm
      join cca_user cu on cu.id = cm.ccau_id
      join measure m on m.id = cm.measure_id
    where cm.status <> 'disabled'
      and ${dueInDays(sql`cm.due_date`, days)}
      and ${chartInScope(user, "cu.cca_id")}
    group by m.id, m.abbreviation, m.name
    order by count_owl_measure_uuid desc, m.abbreviation`.execute(db);
  return rows.map((r) => ({ ...r, percent_completed: percentOf(r.count_completed, r.count_owl_measure_uuid) }));
}
