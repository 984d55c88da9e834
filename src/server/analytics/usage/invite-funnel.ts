import { type Kysely, sql } from "kysely";
import type { UsageInvitesRow } from "../../../../generated/types/api/responses/usage-invites-row.ts";
import { ACCOUNT_STATUS } from "../../auth/access-hook.ts";
import type { RequestUser } from "../../auth/request-user.ts";
import type { Database } from "../../db/database-types.ts";
import { percentOf } from "./percent.ts";
import { dueInDays } from "./usage-periods.ts";
import type { UsageDays } from "./usage-range.ts";
import { chartInScope } from "./usage-scope.ts";

/**
 * The invitation funnel (Usage > Patients): of the respondents who had a measure due in the range
 * (the people the clinic needs answering), how many are not invited, invited but not set up, and
 * set up. The account status is today's: the status history is not kept (the activity log of
 * older accounts and of imported ones is incomplete), so the funnel answers "where do the people
 * we asked in those weeks stand now". Deactivated accounts are left out: they are no longer asked.
 */
export async function inviteFunnel(db: Kysely<Database>, user: RequestUser, days: UsageDays): Promise<UsageInvitesRow> {
  const counts = await sql<{ respondents: number; not_invited: number; invited: number; set_up: number }>`
    with cohort as (
      select distinct u.id, u.status
      from client_measure cm
        join cca_user cu on cu.id = cm.ccau_id
        join app_user u on u.id = cu.user_id
      where cm.status <> 'disabled'
        and ${dueInDays(sql`cm.due_date`, days)}
        and ${chartInScope(user, "cu.cca_id")}
        and u.user_type = 'patient'
        and u.status <> ${ACCOUNT_STATUS.inactive}
    )
    select count(*)::int as respondents,
      (count(*) filter (where c.status = ${ACCOUNT_STATUS.notInvited}))::int as not_invited,
      (count(*) filter (where c.status = ${ACCOUNT_STATUS.invited}))::int as invited,
      (count(*) filter (where c.status in (${ACCOUNT_STATUS.active}, ${ACCOUNT_STATUS.passwordReset})))::int as set_up
    from cohort c`.execute(db);
  const row = counts.rows[0] ?? { respondents: 0, not_invited: 0, invited: 0, set_up: 0 };
  return {
    start_date: days.first,
    end_date: days.last,
    respondents: row.respondents,
    percent_not_invited: percentOf(row.not_invited, row.respondents),
    percent_invited: percentOf(row.invited, row.respondents),
    percent_finished_account_setup: percentOf(row.set_up, row.respondents),
  };
}
