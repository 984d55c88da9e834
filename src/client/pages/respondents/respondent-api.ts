import { useQuery } from "@tanstack/react-query";
import type { ChartTeamMember } from "../../../../generated/types/api/chart-team-member.ts";
import type { PatientUserStatusChange } from "../../../../generated/types/api/patient-user-status-change.ts";
import { api } from "../../api/http.ts";

export type { ChartTeamMember };

/** GET /api/teams/:ccaId: the chart's team, the patient's own link first (docs/api/respondents.md). */
export interface ChartTeamResponse {
  ccaId: number;
  patientId: number;
  rows: ChartTeamMember[];
  totalRecords: number;
}

/** GET /api/respondents/exist: is the person being added already known? */
export interface ExistingRespondent {
  exists: boolean;
  onTeam: boolean;
  canLink?: boolean;
  /** Known only on charts the caller cannot see: adding them sends them an invitation (nothing else is told). */
  needsInvitation?: boolean;
  accountId?: number;
  ccauId?: number;
  /** Only when the person is on a chart the caller may see (no names leak otherwise). */
  respondent?: Partial<ChartTeamMember> & { full_name?: string; contact_information?: string };
}

export type RemoveResult = { ccauId: number; result: "marked_deleted" | "removed" };

export interface InvitationResult {
  sent: boolean;
  channel?: "email" | "sms";
  delivery?: "queued" | "kept";
  reason?: string;
}

export type RespondentBody = Record<string, unknown>;

export const teamKeys = {
  all: ["teams"] as const,
  chart: (ccaId: number) => ["teams", ccaId] as const,
};

export function useChartTeam(ccaId: number | undefined) {
  return useQuery({
    queryKey: teamKeys.chart(ccaId ?? 0),
    queryFn: ({ signal }) => api<ChartTeamResponse>(`teams/${ccaId}`, { signal }),
    enabled: typeof ccaId === "number" && ccaId > 0,
    meta: { errorToast: false }, // the section says it could not load, in place
  });
}

/** Asks before saving whether this person is already a respondent (spec §5: link, don't duplicate). */
export function findExistingRespondent(ccaId: number, body: RespondentBody): Promise<ExistingRespondent> {
  const text = (field: string) => (typeof body[field] === "string" ? (body[field] as string) : undefined);
  return api<ExistingRespondent>("respondents/exist", {
    query: {
      ccaId,
      email: text("email"),
      phone: text("phone"),
      name_first: text("name_first"),
      name_last: text("name_last"),
    },
  });
}

/** POST /api/respondents answered 202: the person was invited to join the chart and is not on the team yet. */
export type ChartInvitationSent = { pending: true; channel: "email" | "sms"; message: string };

export function isInvitation(saved: ChartTeamMember | ChartInvitationSent): saved is ChartInvitationSent {
  return (saved as ChartInvitationSent).pending === true;
}

export function createRespondent(
  ccaId: number,
  body: RespondentBody,
  existingUserId?: number,
): Promise<ChartTeamMember | ChartInvitationSent> {
  return api<ChartTeamMember | ChartInvitationSent>("respondents", {
    method: "POST",
    body: { ...body, ccaId, ...(existingUserId ? { existingUserId } : {}) },
  });
}

export function updateRespondent(ccauId: number, body: RespondentBody): Promise<ChartTeamMember> {
  return api<ChartTeamMember>(`respondents/${ccauId}`, { method: "PUT", body });
}

export function removeRespondent(ccauId: number): Promise<RemoveResult> {
  return api<RemoveResult>(`respondents/${ccauId}`, { method: "DELETE" });
}

/** POST /api/users/:acId/send-invitation: the server picks the channel (email before SMS). */
export function sendInvitation(userId: number): Promise<InvitationResult> {
  return api<InvitationResult>(`users/${userId}/send-invitation`, { method: "POST", body: {} });
}

export type AccountStatusAction = PatientUserStatusChange["action"];

/** What POST patient-user/respondents/:id/change-status answers (the team is re-read for the rest). */
export interface StatusChangeResult {
  user: { id: number; status: number };
  invitation?: InvitationResult;
  disabled?: { schedules: number; measures: number };
}

/** POST /api/patient-user/respondents/:id/change-status: an account action of spec §4 (docs/api/settings.md). */
export function changeRespondentStatus(userId: number, action: AccountStatusAction): Promise<StatusChangeResult> {
  return api<StatusChangeResult>(`patient-user/respondents/${userId}/change-status`, {
    method: "POST",
    body: { action },
  });
}
