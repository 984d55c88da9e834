import { type Kysely, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { entityStore } from "../entities/entity-store.ts";
import { patientEntity } from "./patient-entity.ts";

/**
 * Activates an inactive patient (spec §4 Activation: adding a respondent, scheduling or adding a
 * measure, or adding a patient to a program). Call it inside the transaction that made the
 * change; the new state is a new version of the patient's record (an edit form opened before it
 * must reload) and of its history. True when it changed.
 */
export async function activatePatient(
  trx: Kysely<Database>,
  bundle: SchemaBundle,
  patientId: number,
  actorId: number,
): Promise<boolean> {
  const changed = await trx
    .updateTable("patient")
    .set({ active: true, version: sql`version + 1`, updated_at: sql`now()` })
    .where("id", "=", patientId)
    .where("active", "=", false)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return false;
  await entityStore(patientEntity, bundle).recordHistory(trx, actorId, patientId);
  return true;
}
