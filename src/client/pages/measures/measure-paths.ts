/** Addresses of the measure screens (spec §2 Clinician area, Measure preview, Patient chart). */
export const measurePaths = {
  library: "/clinician/measures",
  detail: (measureLibraryId: number | string) => `/clinician/measures/library/${measureLibraryId}`,
  audition: (measureId: number | string) => `/measures/audition/${measureId}`,
  auditionQuestionnaire: (measureId: number | string) => `/measures/audition/${measureId}/questionnaire`,
  auditionReport: (measureId: number | string) => `/measures/audition/${measureId}/report`,
  alerts: "/clinician/alert-list",
  /**
   * A session report, in the patient chart: /assignment/{ccaId}/{ccauId}/measures/{measureId},
   * where the last segment carries the clientMeasureId (one answered session), as the API's
   * measure-session/{clientMeasureId}/session-report does.
   */
  report: (ccaId: number, ccauId: number, clientMeasureId: number) =>
    `/assignment/${ccaId}/${ccauId}/measures/${clientMeasureId}`,
  patient: (patientId: number) => `/clinician/patients/patient/${patientId}`,
};
