import { api } from "../../api/http.ts";

export const PATIENT_USERS = "patient-users";
export const PATIENT_USERS_PATH = "patient-user/respondents";

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
} & Record<string, unknown>;

export function savePatientUser(id: number, body: Record<string, unknown>): Promise<PatientUserRecord> {
  return api<PatientUserRecord>(`${PATIENT_USERS_PATH}/${id}`, { method: "PUT", body });
}
