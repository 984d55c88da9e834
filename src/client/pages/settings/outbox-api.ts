import type { OutboxMessage } from "../../../../generated/types/api/responses/outbox-message.ts";

export type { OutboxMessage };

export const OUTBOX = "outbox";

/** What each purpose is, in words. */
export const PURPOSES: Record<string, string> = {
  account_setup: "Invitation",
  password_reset: "Password reset",
  username_recovery: "Username reminder",
  access_code: "Access code",
  chart_invitation: "Care team invitation",
  sign_in_blocked: "Sign-in blocked notice",
  alert_escalation: "Unacknowledged alert reminder",
  measure_reminder: "Questionnaire reminder",
  measure_closing_reminder: "Questionnaire reminder before it closes",
  measure_reminder_manual: "Questionnaire reminder sent by a clinician",
};

/** What each delivery status means for the reader of this page. */
export const STATUSES: Record<OutboxMessage["status"], { label: string; color: string }> = {
  kept: { label: "Kept here (not sent)", color: "yellow" },
  queued: { label: "Waiting to be sent", color: "blue" },
  sent: { label: "Sent", color: "teal" },
  failed: { label: "Failed", color: "red" },
};

/** An absolute link, or null: only http(s) addresses become clickable. */
export function safeLink(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
