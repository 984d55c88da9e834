/** Where the settings pages live (spec §2 Settings: patient-users, clinical-users, clinical-team, locations). */
export const SETTINGS_PATH = "/settings";

export const settingsPaths = {
  root: SETTINGS_PATH,
  clinicalUsers: `${SETTINGS_PATH}/clinical-users`,
  clinicalUserAdd: `${SETTINGS_PATH}/clinical-users/add`,
  clinicalUserEdit: (userId: number | string) => `${SETTINGS_PATH}/clinical-users/${userId}/edit`,
  teams: `${SETTINGS_PATH}/clinical-team`,
  teamAdd: `${SETTINGS_PATH}/clinical-team/add`,
  teamEdit: (teamId: number | string) => `${SETTINGS_PATH}/clinical-team/${teamId}/edit`,
  locations: `${SETTINGS_PATH}/locations`,
  locationAdd: `${SETTINGS_PATH}/locations/add`,
  locationEdit: (locationId: number | string) => `${SETTINGS_PATH}/locations/${locationId}/edit`,
  patientUsers: `${SETTINGS_PATH}/patient-users`,
  patientUser: (userId: number | string) => `${SETTINGS_PATH}/patient-users/${userId}`,
  patientUserEdit: (userId: number | string) => `${SETTINGS_PATH}/patient-users/${userId}/edit`,
  programs: `${SETTINGS_PATH}/programs`,
  programAdd: `${SETTINGS_PATH}/programs/add`,
  programEdit: (programId: number | string) => `${SETTINGS_PATH}/programs/program/${programId}/edit`,
  programAddMeasure: (programId: number | string) => `${SETTINGS_PATH}/programs/program/${programId}/add-measure`,
  programTypes: `${SETTINGS_PATH}/program-types`,
  programTypeAdd: `${SETTINGS_PATH}/program-types/add`,
  programTypeEdit: (programTypeId: number | string) => `${SETTINGS_PATH}/program-types/${programTypeId}/edit`,
  chartTexts: `${SETTINGS_PATH}/chart-texts`,
  general: `${SETTINGS_PATH}/general`,
  outbox: `${SETTINGS_PATH}/outbox`,
  auditLog: `${SETTINGS_PATH}/audit-log`,
};
