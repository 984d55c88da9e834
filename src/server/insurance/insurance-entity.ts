import { sql } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { AnySelect, EntityDefinition, EntityJson } from "../entities/entity-definition.ts";
import type { EntityModel } from "../entities/entity-model.ts";
import { chartVisible } from "../patients/patient-access.ts";

/**
 * A patient's insurance (entities/insurance.json): one row of patient_insurance per patient, its
 * id the patient's id, holding the primary and the secondary coverage. Every rule a save must
 * meet is in the schema (a coverage's details need its provider, it cannot end before it starts,
 * no secondary without a primary), so the form checks them too; the definition only says who may
 * see the row: whoever may see the patient's chart, the same SQL as the patient itself.
 */
export const insuranceEntity: EntityDefinition = {
  name: "insurance",
  schemaId: "entities/insurance.json",
  // A patient outside the caller's access reads exactly like one that does not exist.
  notFound: MESSAGES.patientNotFound,
  from: (db) =>
    db
      .selectFrom("patient_insurance as e")
      .innerJoin("client_clinic_assignment as cca", "cca.patient_id", "e.id") as AnySelect,
  visibleTo: (user) => chartVisible(user, "visible", "cca.id"),
};

/**
 * The insurance of a patient who has none on file yet: every field empty, version 0. A form
 * posts it back as it would a stored record; the first save stores it (insurance-routes.ts).
 * Shaped by the model like a stored record: a column the schema lets be null is null, anything
 * else (an enum, a field kept in extra) is left out, so the answer is a valid body as it is.
 */
export function emptyInsurance(model: EntityModel, patientId: number): EntityJson {
  const record: Record<string, unknown> = {};
  for (const field of model.fields) {
    if (field.kind === "column" && (field.nullable || field.readOnly)) record[field.field] = null;
  }
  return { ...record, id: patientId, version: 0 };
}

/** Places the empty row a first save then updates, so two first saves race on its version (one gets 409). */
export const placeEmptyInsurance = (patientId: number) =>
  sql`insert into patient_insurance (id) values (${patientId}) on conflict (id) do nothing`;
