import { patientPaths } from "../patients/patient-paths.ts";

/** Where the respondent pages live: under the patient they belong to (spec §2 respondent/add). */
export const respondentPaths = {
  add: (patientId: number | string) => `${patientPaths.view(patientId)}/respondent/add`,
  edit: (patientId: number | string, ccauId: number | string) =>
    `${patientPaths.view(patientId)}/respondent/${ccauId}/edit`,
};
