/** Where the patient pages live (children of /clinician, spec §2). */
export const PATIENTS_PATH = "/clinician/patients";

export const patientPaths = {
  list: PATIENTS_PATH,
  add: `${PATIENTS_PATH}/add`,
  view: (patientId: number | string) => `${PATIENTS_PATH}/patient/${patientId}`,
  edit: (patientId: number | string) => `${PATIENTS_PATH}/patient/${patientId}/edit`,
};
