import { api } from "../../api/http.ts";
import type { EntityDefinition } from "../../entities/entity-definition.ts";
import type { FieldCheck } from "../../entities/useFieldCheck.ts";

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
  version?: number;
} & Record<string, unknown>;

export const clinicalUserEntity = {
  resource: "clinical-users",
  noun: "clinical user",
  plural: "clinical users",
  title: (record) => String(record.full_name ?? ""),
  formId: "forms/clinical-user.form.json",
  tableId: "tables/clinical-users.table.json",
  detailsId: "details/clinical-user.details.json",
  listPath: "clinical-user",
  recordPath: (id) => `clinical-user/${encodeURIComponent(id)}`,
  createPath: "clinical-user",
  lookups: ["clinicians", "supervisors"],
} satisfies EntityDefinition;

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

/** Spec §5's text for a provider id someone else has. */
export const PROVIDER_ID_IN_USE = "Id already in use";

/** The provider id is checked when its field is left (spec §5); the server checks it again on save. */
export const providerIdCheck: FieldCheck = {
  field: "provider_id",
  // Blank is allowed; a malformed id gets the schema's own message.
  worthAsking: (providerId) => /^[A-Za-z0-9]+$/.test(providerId),
  ask: async (providerId, clinicianId) => {
    const result = await api<{ available: boolean; message?: string }>("clinical-user/validate-provider-id-available", {
      query: { provider_id: providerId, clinician_id: clinicianId },
    });
    return result.available ? null : { message: result.message ?? PROVIDER_ID_IN_USE };
  },
};
