import { type Kysely, sql } from "kysely";
import type { SchemaBundle } from "../../../shared/schema/bundle.ts";
import type { Database } from "../../db/database-types.ts";
import { entityStore } from "../../entities/entity-store.ts";
import { patientEntity } from "../../patients/patient-entity.ts";

/** Patients read per statement: the entity engine reads them with their relations and computed fields. */
const READ_CHUNK = 2_000;

/**
 * Version 1 of every patient record in record_history, as creating a patient leaves it: the
 * record exactly as the entity engine reads it (entity-store.ts), so the history page opens on
 * a generated patient as on one created by hand.
 */
export async function insertPatientHistory(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  patientIds: readonly number[],
  changedBy: number,
): Promise<void> {
  const store = entityStore(patientEntity, bundle);
  for (let start = 0; start < patientIds.length; start += READ_CHUNK) {
    const records = await store.readMany(db, patientIds.slice(start, start + READ_CHUNK));
    // One JSON document of all the records: no array literal to escape a thousand quotes in.
    await sql`insert into record_history (entity, entity_id, version, data, changed_by)
      select 'patient', (r.data ->> 'id')::bigint, 1, r.data, ${changedBy}::bigint
      from jsonb_array_elements(${JSON.stringify(records)}::jsonb) as r(data)`.execute(db);
  }
}
