import type { Patient } from "../../../../generated/types/entities/patient.ts";
import { MESSAGES } from "../../../shared/api-errors.ts";
import type { PatientView } from "../../../shared/permissions.ts";
import { api } from "../../api/http.ts";
import type { ListResponse } from "../../entities/entity-api.ts";
import type { EntityDefinition } from "../../entities/entity-definition.ts";

/** A patient as the server answers: the entity plus any schema-added fields. */
export type PatientRecord = Patient & { id: number; version?: number } & Record<string, unknown>;

export const patientEntity = {
  resource: "patients",
  noun: "patient",
  plural: "patients",
  title: (record) => String(record.full_name ?? ""),
  formId: "forms/patient.form.json",
  tableId: "tables/patients.table.json",
  detailsId: "details/patient.details.json",
  listPath: "patients",
  recordPath: (id) => `patients/${encodeURIComponent(id)}`,
  createPath: "patients",
  // One that does not exist and one the user may not see look the same (no existence leak).
  notFound: { title: "Patient not found", text: MESSAGES.patientNotFound },
} satisfies EntityDefinition;

/** The patient list also says which view it used (saved choice or role default) and which the user may use. */
export interface PatientListResponse extends ListResponse<PatientRecord> {
  view: PatientView;
  views: PatientView[];
}

/** available null: no patient the user may see holds it; a chart outside their access is never confirmed. */
export interface MrnCheck {
  available: boolean | null;
  patientId: number | null;
}

export function checkMrn(mrn: string, patientId?: number): Promise<MrnCheck> {
  return api<MrnCheck>("patients/check-mrn", { query: { mrn, patientId } });
}

export function savePatientsView(view: PatientView): Promise<unknown> {
  return api("settings/ui-settings", { method: "POST", body: { patientsList: { view } } });
}
