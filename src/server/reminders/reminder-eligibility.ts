import { type RawBuilder, type SqlBool, sql } from "kysely";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";

/**
 * Account states whose owner can open a session from a reminder (Active, Password Reset). A
 * deactivated respondent gets nothing; one not yet set up (Not Invited, Invited) gets their
 * invitation, not reminders.
 */
export const REMINDABLE_STATUSES: readonly number[] = [ACCOUNT_STATUS.active, ACCOUNT_STATUS.passwordReset];

/**
 * The respondent links whose open occurrences are reminded about: still on the team, an account
 * that can sign in, a patient who is active. Aliases: cu cca_user, u app_user, p patient.
 * Submitted and removed (disabled or deleted) measures are excluded by isOpen: a final discharge
 * disables the episode's open measures (docs/programs-episodes.md), so they are not reminded.
 */
export function mayBeReminded(): RawBuilder<SqlBool> {
  return sql<SqlBool>`(cu.deleted_at is null
    and u.status in (${sql.join(REMINDABLE_STATUSES)})
    and p.active)`;
}
