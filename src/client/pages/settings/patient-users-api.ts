import type { EntityDefinition } from "../../entities/entity-definition.ts";

/** A chart a patient user answers for (entities/patient-user.json patients[]). */
export interface LinkedPatient {
  ccaId: number;
  ccauId: number;
  patient_id?: number;
  full_name: string;
  mrn: string;
  patient_relation: string;
}

/** A patient user as the server answers (entities/patient-user.json with its readOnly fields). */
export type PatientUserRecord = {
  id: number;
  full_name: string;
  status: number;
  is_patient: boolean;
  patients: LinkedPatient[];
  version?: number;
} & Record<string, unknown>;

/** Patient users are added on charts (respondents), so here they are only listed, viewed and edited. */
export const patientUserEntity = {
  resource: "patient-users",
  noun: "patient user",
  plural: "patient users",
  title: (record) => String(record.full_name ?? ""),
  formId: "forms/patient-user.form.json",
  tableId: "tables/patient-users.table.json",
  detailsId: "details/patient-user.details.json",
  listPath: "patient-user/respondents",
  recordPath: (id) => `patient-user/respondents/${encodeURIComponent(id)}`,
} satisfies EntityDefinition;
