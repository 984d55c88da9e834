import type { MessageCommon } from "../accounts/account-messages.ts";
import type { OutgoingMessage } from "../messaging/message-types.ts";

/** Outbox purposes of reminders; the admin outbox names them in words (outbox-api.ts PURPOSES). */
export const REMINDER_PURPOSES = {
  opened: "measure_reminder",
  closing: "measure_closing_reminder",
  manual: "measure_reminder_manual",
} as const;

export type ReminderKind = keyof typeof REMINDER_PURPOSES;

/**
 * The reminder to complete questionnaires. It names the clinic and the action, never a measure,
 * a condition or a score: email and text messages leave the clinic's systems and are read on lock
 * screens and shared phones. `count` open questionnaires; `closesOn`, for the window-close
 * reminder, the day (already in words) the earliest of them can last be answered.
 */
export function reminderMessage(
  common: MessageCommon & { kind: ReminderKind; count: number; link: string; accessCode: boolean; closesOn?: string },
): OutgoingMessage {
  const what = common.count === 1 ? "a questionnaire" : `${common.count} questionnaires`;
  const sentence = `You have ${what} to complete for ${common.clinic}.`;
  const closes =
    common.kind === "closing" && common.closesOn ? ` It can be completed until the end of ${common.closesOn}.` : "";
  const how = common.accessCode
    ? `Sign in with an access code sent to this address, then open it: ${common.link}`
    : `Sign in to open it: ${common.link}`;
  const isEmail = common.to.channel === "email";
  return {
    channel: common.to.channel,
    recipient: common.to.address,
    subject: isEmail
      ? `${common.kind === "closing" ? "Reminder: " : ""}${common.count === 1 ? "A questionnaire" : "Questionnaires"} to complete for ${common.clinic}`
      : undefined,
    body: isEmail
      ? [`${sentence}${closes}`, "", how, "", "If you have questions, contact your clinic."].join("\n")
      : `${sentence}${closes} ${common.link}`,
    link: common.link,
    userId: common.userId,
    purpose: REMINDER_PURPOSES[common.kind],
  };
}
