import { type RawBuilder, type SqlBool, sql } from "kysely";

/**
 * HOOK for the Programs issue: true when the chart's patient is discharged from care, so their
 * schedules generate nothing (spec §4 Discharge: "discharge disables measure scheduling").
 * Programs and admissions do not exist yet, so no patient is discharged; when they do, this
 * becomes "every admission of the chart is finalized as discharged" over patient_program.
 */
export function patientDischargedFromCare(_ccaId: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`false`;
}

/** Account status 1 Inactive (schemas/enums/account-status.json). */
const INACTIVE_ACCOUNT = 1;

/**
 * The schedules that may generate occurrences: enabled, not linked to a visit (a visit-linked
 * measure is scheduled once), on a live respondent link whose account is not deactivated, of a
 * patient not discharged, for a measure still in the library. Aliases: s schedule, cu cca_user,
 * u app_user, m measure.
 */
export function mayGenerate(): RawBuilder<SqlBool> {
  return sql<SqlBool>`(s.enabled
    and s.appointment_id is null
    and cu.deleted_at is null
    and u.status <> ${INACTIVE_ACCOUNT}
    and m.in_library and m.discontinued_at is null and m.current_version_id is not null
    and not ${patientDischargedFromCare(sql.ref("cu.cca_id"))})`;
}
