import { api } from "../../api/http.ts";

export const CLINICAL_USERS = "clinical-users";

/** A clinical user as the server answers (entities/clinical-user.json with its readOnly fields). */
export type ClinicalUserRecord = {
  id: number;
  full_name: string;
  first_name: string;
  last_name: string;
  status: number;
  roles: string[];
  locations: number[];
  superiors: number[];
  subordinates: number[];
  email?: string | null;
  mobile_number?: string | null;
  username?: string | null;
} & Record<string, unknown>;

/** The account actions of spec §4 (api/clinical-user-status-change.json). */
export type StatusAction = "invite" | "invite_again" | "cancel_invite" | "deactivate" | "activate_and_invite";
export type Channel = "email" | "sms";

/** Whether an invitation or reset link went out, and how (kept: no mail server, see the outbox). */
export interface MessageResult {
  sent: boolean;
  reason?: string;
  channel?: Channel;
  delivery?: "queued" | "kept";
}

export interface StatusChangeResult {
  user: ClinicalUserRecord;
  invitation?: MessageResult;
}

export function saveClinicalUser(id: number | undefined, body: Record<string, unknown>): Promise<ClinicalUserRecord> {
  return id === undefined
    ? api<ClinicalUserRecord>("clinical-user", { method: "POST", body })
    : api<ClinicalUserRecord>(`clinical-user/${id}`, { method: "PUT", body });
}

export function changeClinicalUserStatus(id: number, action: StatusAction, channel?: Channel) {
  return api<StatusChangeResult>(`clinical-user/change-status/${id}`, {
    method: "POST",
    body: channel ? { action, channel } : { action },
  });
}

/** An admin's password reset (POST security/reset-clinical-user-password/{id}). */
export function resetClinicalUserPassword(id: number) {
  // Under security/, yet an authenticated admin call: it keeps the session alive like any other.
  return api<{ user: ClinicalUserRecord; message: MessageResult }>(`security/reset-clinical-user-password/${id}`, {
    method: "POST",
    renew: true,
  });
}

export function checkProviderId(providerId: string, clinicianId?: number) {
  return api<{ available: boolean; message?: string }>("clinical-user/validate-provider-id-available", {
    query: { provider_id: providerId, clinician_id: clinicianId },
  });
}

/** Deletes a user added by mistake; the server refuses anyone with a history. */
export function deleteClinicalUser(id: number): Promise<unknown> {
  return api(`clinical-user/${id}`, { method: "DELETE" });
}
