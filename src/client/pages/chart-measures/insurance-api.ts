import type { Insurance } from "../../../../generated/types/entities/insurance.ts";
import { MESSAGES } from "../../../shared/api-errors.ts";
import { api } from "../../api/http.ts";
import type { EntityDefinition } from "../../entities/entity-definition.ts";

/**
 * A patient's insurance as the server answers it (entities/insurance.json): `id` is the patient's
 * id, and `version` 0 means nothing is on file yet (docs/insurance.md).
 */
export type InsuranceRecord = Insurance & { id: number; version: number; updated_at?: string | null };

/** Read and saved by the patient's id; there is no list and nothing to add apart from the patient. */
export const insuranceEntity = {
  resource: "insurance",
  noun: "insurance",
  plural: "insurance",
  title: () => "Insurance",
  formId: "forms/insurance.form.json",
  detailsId: "details/insurance.details.json",
  listPath: "",
  recordPath: (patientId) => `v2/patients/${encodeURIComponent(patientId)}/insurance`,
  notFound: { title: "Patient not found", text: MESSAGES.patientNotFound },
} satisfies EntityDefinition;

/** Saves the whole insurance record, naming the version the form started from. */
export function saveInsurance(patientId: number, body: Record<string, unknown>): Promise<InsuranceRecord> {
  return api<InsuranceRecord>(insuranceEntity.recordPath(patientId), { method: "PUT", body });
}

/** Whether anything is on file: a record never saved is version 0. */
export const hasInsurance = (record: InsuranceRecord) => record.version > 0;
