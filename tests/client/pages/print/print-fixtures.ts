import type { RespondentOverview } from "../../../../src/client/pages/chart-measures/chart-api.ts";

/** Jordan Rivera's patient record, as GET patients/7 answers it. */
export const jordan = {
  id: 7,
  mrn: "MRN1001",
  first_name: "Jordan",
  last_name: "Rivera",
  full_name: "Jordan Rivera",
  birth_date: "2010-04-12",
  gender: "m",
  access_control_id: 3,
};

export const team = {
  ccaId: 3,
  patientId: 7,
  rows: [
    {
      ccauId: 5,
      ccaId: 3,
      isPatient: true,
      full_name: "Jordan Rivera",
      relation_id: 1,
      relation: "Patient",
      respondent_type_label: null,
    },
    {
      ccauId: 6,
      ccaId: 3,
      isPatient: false,
      full_name: "Maria Rivera",
      relation_id: 4,
      relation: "Mother",
      respondent_type_label: null,
    },
  ],
};

function phq9(points: { id: number; date: string; score: number; severity: string }[]) {
  return {
    measureLibraryId: 10,
    uuid: "11111111-1111-4111-8111-111111111111",
    measure_id: "phq-9",
    abbreviation: "PHQ-9",
    short_name: "PHQ-9",
    name: "Patient Health Questionnaire-9",
    sessions_completed: points.length,
    sessions_partial: 0,
    measure_date_completed: points.map((p) => p.date),
    next_due: null,
    open_sessions: [],
    next_schedules: [],
    latest: null,
    progress_chart: {
      is_scorable: true,
      show_chart: true,
      sessions_progress_results: points.map((p) => ({
        clientMeasureId: p.id,
        date: p.date,
        score: p.score,
        severity: p.severity,
        alerts: [],
      })),
    },
  };
}

/** Jordan's PHQ-9 history: 13 (Moderate), then 12 (Moderate, session 41). */
export function jordanOverview(): RespondentOverview {
  return {
    ccauId: 5,
    ccaId: 3,
    patientId: 7,
    respondent: { name: "Jordan Rivera", relation_id: 1 },
    totalRecords: 1,
    rows: [
      phq9([
        { id: 40, date: "2026-11-07T14:00:00.000Z", score: 13, severity: "Moderate" },
        { id: 41, date: "2026-11-21T14:05:00.000Z", score: 12, severity: "Moderate" },
      ]),
    ],
  } as RespondentOverview;
}

/** His mother's PHQ-9 about him: one session, 8 (Mild). */
export function motherOverview(): RespondentOverview {
  return {
    ccauId: 6,
    ccaId: 3,
    patientId: 7,
    respondent: { name: "Maria Rivera", relation_id: 4 },
    totalRecords: 1,
    rows: [phq9([{ id: 45, date: "2026-11-14T09:00:00.000Z", score: 8, severity: "Mild" }])],
  } as RespondentOverview;
}

/** The only calls a print page may make (issue 14: the PDF token is refused anywhere else). */
export const PRINT_PAGE_CALLS = [
  /^security\/get-session$/,
  /^settings\/ui-settings$/,
  /^settings\/general$/,
  /^library\/chart-settings$/,
  /^measure-session\/\d+\/session-report$/,
  /^overview\/measures\/\d+$/,
  /^teams\/\d+$/,
  /^patients\/\d+$/,
  /^patients\/\d+\/programs$/,
];
