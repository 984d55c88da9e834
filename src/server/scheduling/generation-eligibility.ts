import { type RawBuilder, type SqlBool, sql } from "kysely";

/**
 * True when the schedule belongs to an episode of care that is finally discharged (spec §4
 * Discharge: "discharge disables measure scheduling"; docs/programs-episodes.md). A final
 * discharge also disables the episode's schedules (admissions/finalize-discharge.ts); this keeps
 * the generator right even for a schedule that escaped that update. A schedule outside programs
 * (the clinician's own) is not the episode's and goes on.
 */
export function episodeFinallyDischarged(episodeId: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from access_control_program acp
    where acp.id = ${episodeId} and acp.discharge_status = 'final')`;
}

/** Account status 1 Inactive (schemas/enums/account-status.json). */
const INACTIVE_ACCOUNT = 1;

/**
 * The schedules that may generate occurrences: enabled, not linked to a visit (a visit-linked
 * measure is scheduled once), on a live respondent link whose account is not deactivated, for a measure still in the library. Aliases: s schedule, cu cca_user,
 * u app_user, m measure. A schedule of a finally discharged episode generates nothing.
 */
export function mayGenerate(): RawBuilder<SqlBool> {
  return sql<SqlBool>`(s.enabled
    and s.appointment_id is null
    and cu.deleted_at is null
    and u.status <> ${INACTIVE_ACCOUNT}
    and m.in_library and m.discontinued_at is null and m.current_version_id is not null
    and not ${episodeFinallyDischarged(sql.ref("s.access_control_program_id"))})`;
}
