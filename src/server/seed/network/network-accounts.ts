/**
 * The accounts a generated clinic network (`npm run generate`, issue 12) always has, so the
 * benchmark and the scale tests can sign in without reading the data back. Same names and
 * password as the demo clinic's staff, so whoever tried the demo knows them.
 */
export const NETWORK_PASSWORD = "Demo#2026!";

/** Staff accounts, by role; `clinician` has a typical caseload, `clinician2` works mostly through teams. */
export const NETWORK_STAFF = {
  admin: "admin",
  supervisor: "supervisor",
  clinician: "clinician",
  clinician2: "clinician2",
  staff: "staff",
  director: "director",
} as const;

/** How many patients can sign in as respondents, each with one open questionnaire (the answer-save benchmark). */
export const NETWORK_RESPONDENT_COUNT = 1000;

/** The username of the n-th (1-based) respondent account: respondent-0001 ... respondent-1000. */
export function networkRespondentUsername(n: number): string {
  return `respondent-${String(n).padStart(4, "0")}`;
}
