/** Where the patient pages live (children of /clinician, spec §2). */
export const PATIENTS_PATH = "/clinician/patients";

export const patientPaths = {
  list: PATIENTS_PATH,
  add: `${PATIENTS_PATH}/add`,
  view: (patientId: number | string) => `${PATIENTS_PATH}/patient/${patientId}`,
  /** The patient's chart opened on its Information tab (details and respondents). */
  information: (patientId: number | string) => `${PATIENTS_PATH}/patient/${patientId}?tab=information`,
  edit: (patientId: number | string) => `${PATIENTS_PATH}/patient/${patientId}/edit`,
};
