import type { MessageCommon } from "../accounts/account-messages.ts";
import type { OutgoingMessage } from "../messaging/message-types.ts";

/**
 * The reminder about an alert nobody acknowledged. It says only that an alert is waiting and
 * links to it: no patient name, measure, score or answer, since email and text messages leave the
 * clinic's systems. The link opens the session report, where the alert is shown and acknowledged
 * after signing in (and only to someone who may see the chart).
 */
export function escalationMessage(
  common: MessageCommon & { hours: number; raisedAt: string; link: string },
): OutgoingMessage {
  const hours = `${common.hours} ${common.hours === 1 ? "hour" : "hours"}`;
  const email = [
    `An alert raised on ${common.raisedAt} has not been acknowledged after ${hours}.`,
    "",
    `Please review it and record what was done: ${common.link}`,
    "",
    `This reminder is sent once, to the patient's clinicians and their supervisors at ${common.clinic}.`,
  ].join("\n");
  const isEmail = common.to.channel === "email";
  return {
    channel: common.to.channel,
    recipient: common.to.address,
    subject: isEmail ? `Reminder: an alert has not been acknowledged (${common.clinic})` : undefined,
    body: isEmail
      ? email
      : `${common.clinic}: reminder, an alert has not been acknowledged after ${hours}. Review it: ${common.link}`,
    link: common.link,
    userId: common.userId,
    purpose: "alert_escalation",
  };
}
