/**
 * One audit event as the application hands it to the trail (issue 8 §2). The chain fields
 * (seq, prev_hash, hash) are the database's job: the insert trigger sets them.
 */
export interface AuditEvent {
  at: Date;
  userId: number | null;
  roles: string[];
  /** The account a respondent-facing session acts for (login-as); null when the user acts as themself. */
  actingAsUserId: number | null;
  action: string;
  /** Method and route pattern, e.g. "GET /api/patients/:patientId"; never the raw URL (it may hold PHI). */
  route: string | null;
  patientId: number | null;
  recordType: string | null;
  recordId: number | null;
  /** Route parameters (ids) and the query, its free-text values keyed-hashed; never a raw search term. */
  detail: Record<string, unknown> | null;
  status: number | null;
  outcome: AuditOutcome;
  sourceIp: string | null;
  requestId: string | null;
  /** A sign-in's username, resolved to the account's id when the row is written (the row never stores it). */
  signInUsername?: string;
}

export type AuditOutcome = "success" | "refused" | "failed";

/** 2xx/3xx succeeded; 401/403/404 were refused (a chart that is not yours is a 404); the rest failed. */
export function outcomeOf(status: number): AuditOutcome {
  if (status < 400) return "success";
  if (status === 401 || status === 403 || status === 404 || status === 429) return "refused";
  return "failed";
}
