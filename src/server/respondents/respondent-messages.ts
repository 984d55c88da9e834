/**
 * Sentences of the respondents routes (spec §5 leaves server-side texts open). Field rules'
 * messages live in the schemas; these are the checks only the server can make.
 */
export const RESPONDENT_MESSAGES = {
  notFound: "The respondent does not exist or you do not have access to view it.",
  chartRequired: "Chart id is required",
  alreadyOnTeam: "This person is already on the team.",
  linkNotFound: "That person could not be found. Add them as a new respondent.",
  patientRelationReserved: "Only the patient can have the relation Patient.",
  patientEditedOnPatientForm: "The patient's own details are edited on the patient form.",
  patientNotRemovable: "The patient cannot be removed from their own team.",
  patientAccountNames: "This person is also a patient: change their name on their patient record.",
} as const;
