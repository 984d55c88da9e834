import { type Kysely, sql } from "kysely";
import type { PatientStatusChange } from "../../../generated/types/api/patient-status-change.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import { refuseStatus } from "../accounts/account-status.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import type { EntityJson } from "../entities/entity-definition.ts";
import { entityStore } from "../entities/entity-store.ts";
import { notFound } from "../http/http-error.ts";
import { type DisabledMeasures, disableOpenMeasures } from "../respondents/link-measures.ts";
import { activatePatient } from "./activate-patient.ts";
import { chartVisible } from "./patient-access.ts";
import { patientEntity } from "./patient-entity.ts";

export const PATIENT_STATUS_REFUSALS = {
  deactivate: "This patient is already inactive.",
  activate: "This patient is already active.",
} as const;

export interface PatientStatusResult {
  patient: EntityJson;
  /** After deactivate: how many schedules and open sessions were disabled. */
  disabled?: DisabledMeasures;
}

/** The chart's live respondent links (the patient's own and every other respondent's). */
async function chartLinks(trx: Kysely<Database>, patientId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom("cca_user as cu")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
    .select("cu.id")
    .where("cca.patient_id", "=", patientId)
    .where("cu.deleted_at", "is", null)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Deactivates or reactivates a patient from the chart (issue 10 §6), for a caller who may write
 * and sees the chart (404 otherwise, as for a chart that does not exist). Deactivation is what
 * deactivating a respondent does to their links (respondents/link-measures.ts), here for every
 * link of the chart: schedules disabled, sessions not yet submitted withdrawn with their partial
 * answers, submitted results kept. Reactivation only marks the patient active: nothing withdrawn
 * comes back; the clinician schedules again. The respondents' accounts are left as they are (a
 * parent may answer for another child). One transaction; a new version of the patient's record.
 */
export async function changePatientStatus(
  ctx: AppContext,
  caller: RequestUser,
  args: { patientId: number; action: PatientStatusChange["action"] },
): Promise<PatientStatusResult> {
  const { patientId, action } = args;
  let disabled: DisabledMeasures | undefined;
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("patient as p")
      .innerJoin("client_clinic_assignment as cca", "cca.patient_id", "p.id")
      .select("p.active")
      .where("p.id", "=", patientId)
      .where(chartVisible(caller, "visible", "cca.id"))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MESSAGES.patientNotFound);
    if (action === "activate") {
      if (!(await activatePatient(trx, ctx.bundle, patientId, caller.id)))
        throw refuseStatus(PATIENT_STATUS_REFUSALS.activate);
      return;
    }
    if (!row.active) throw refuseStatus(PATIENT_STATUS_REFUSALS.deactivate);
    await trx
      .updateTable("patient")
      .set({ active: false, version: sql`version + 1`, updated_at: sql`now()` })
      .where("id", "=", patientId)
      .execute();
    disabled = await disableOpenMeasures(trx, await chartLinks(trx, patientId));
    await entityStore(patientEntity, ctx.bundle).recordHistory(trx, caller.id, patientId);
  });
  const patient = (await entityStore(patientEntity, ctx.bundle).read(ctx.db, patientId, caller)) as EntityJson;
  return { patient, ...(disabled ? { disabled } : {}) };
}
