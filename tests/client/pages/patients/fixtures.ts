import type { PatientListResponse, PatientRecord } from "../../../../src/client/pages/patients/patient-api.ts";

export const jordan: PatientRecord = {
  id: 7,
  mrn: "MRN1001",
  first_name: "Jordan",
  middle_name: null,
  last_name: "Rivera",
  full_name: "Jordan Rivera",
  birth_date: "2012-06-15",
  gender: "m",
  email: "jordan@example.org",
  email_notification: true,
  mobile_number: "5551234567",
  mobile_notification: false,
  clinicians: [1],
  clinician_teams: [],
  clinician_names: ["Casey Clinician"],
  clinician_team_names: [],
  status: true,
  latest_completed_session_completed_date: "2026-03-02T15:30:00.000Z",
  active_alert_count: 2,
  latest_active_alert_at: "2026-03-02T15:31:00.000Z",
  latest_score: { measure: "PHQ-9", score: 14, severity: "Moderate", completed_at: "2026-03-02T15:30:00Z" },
  next_due: { due_date: "2026-03-01T00:00:00Z", overdue: true },
  next_due_at: "2026-03-01T00:00:00.000Z",
  version: 3,
};

export const sam: PatientRecord = {
  ...jordan,
  id: 8,
  mrn: "MRN1002",
  first_name: "Sam",
  last_name: "Lee",
  full_name: "Sam Lee",
  gender: "f",
  latest_completed_session_completed_date: null,
  active_alert_count: 0,
  latest_active_alert_at: null,
  latest_score: null,
  next_due: { due_date: "2026-04-10T00:00:00Z", overdue: false },
  next_due_at: "2026-04-10T00:00:00.000Z",
};

export function listResponse(overrides: Partial<PatientListResponse> = {}): PatientListResponse {
  return { rows: [jordan, sam], totalRecords: 2, view: "my", views: ["my"], ...overrides };
}

export const clinicians = {
  rows: [
    { id: 1, first_name: "Casey", last_name: "Clinician", full_name: "Casey Clinician", status: 2 },
    { id: 2, first_name: "Drew", last_name: "Second", full_name: "Drew Second", status: 2 },
  ],
  totalRecords: 2,
};

export const teams = { rows: [{ id: 3, name: "Outpatient Team" }], totalRecords: 1 };

/** Permissions as role.json grants them (src/shared/permissions.ts reads the same file). */
export const CLINICIAN = ["measures.preview", "patients.viewAssigned", "patients.write"];
export const SUPERVISOR = [
  "analytics.usage",
  "measures.preview",
  "patients.viewAssigned",
  "patients.viewSupervised",
  "patients.write",
];
export const STAFF = ["measures.preview", "patients.viewAll", "patients.write", "settings.staff"];
export const READ_ONLY = ["patients.viewAll"];
