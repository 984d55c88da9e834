/**
 * One account a respondent may pick after an access code: a link (ccau) of an account to a chart.
 * POST /api/security/validate-access-code answers a list of them (or one, signed in at once);
 * POST /api/security/select-account answers the one picked.
 */
export interface AccountChoice {
  /** What select-account takes: the link's id (ccauId). */
  accountId: number;
  ccauId: number;
  userId: number;
  /** The account holder's name. */
  name: string;
  patientName: string;
  /** Relation to the patient; 1 is the patient's own account. */
  relation: number;
  relationLabel: string;
}
