import type { Kysely } from "kysely";
import type { AppContext } from "../app-context.ts";
import type { Database } from "../db/database-types.ts";
import type { OutgoingMessage } from "../messaging/message-types.ts";
import type { Destination } from "../messaging/recipients.ts";
import { readGeneralSettings } from "../settings/general-settings.ts";

/**
 * The texts of account messages. Short and free of health information: a message may be read on
 * a shared phone or a lock screen, so it names the clinic and the action, never a patient or a
 * measure. Text messages stay under two SMS segments.
 */
export interface MessageCommon {
  to: Destination;
  userId: number | null;
  clinic: string;
}

/** The clinic as account messages name it: general settings' customer name, else a generic one. */
export async function clinicName(ctx: Pick<AppContext, "bundle" | "dbKind">, db: Kysely<Database>): Promise<string> {
  const settings = await readGeneralSettings(db, ctx.bundle, ctx.dbKind);
  return settings.customer_name ?? "Your clinic";
}

function message(
  common: MessageCommon,
  parts: { purpose: string; subject: string; email: string; sms: string; link?: string; secret?: string },
): OutgoingMessage {
  return {
    channel: common.to.channel,
    recipient: common.to.address,
    subject: common.to.channel === "email" ? parts.subject : undefined,
    body: common.to.channel === "email" ? parts.email : parts.sms,
    link: parts.link,
    secret: parts.secret,
    userId: common.userId,
    purpose: parts.purpose,
  };
}

export function invitationMessage(common: MessageCommon & { firstName: string; link: string; ttlHours: number }) {
  return message(common, {
    purpose: "account_setup",
    subject: `Set up your ${common.clinic} account`,
    email: [
      `Hello ${common.firstName},`,
      "",
      `You have been invited to create an account with ${common.clinic}.`,
      "Choose a username and password here:",
      "",
      common.link,
      "",
      `This link works once and expires in ${common.ttlHours} hours. If you did not expect this message, you can ignore it.`,
    ].join("\n"),
    sms: `${common.clinic}: set up your account at ${common.link} (link expires in ${common.ttlHours} hours).`,
    link: common.link,
    secret: common.link,
  });
}

export function passwordResetMessage(common: MessageCommon & { username: string; link: string; ttlMinutes: number }) {
  return message(common, {
    purpose: "password_reset",
    subject: `Reset your ${common.clinic} password`,
    email: [
      `Someone asked to reset the password of the ${common.clinic} account "${common.username}".`,
      "Choose a new password here:",
      "",
      common.link,
      "",
      `This link works once and expires in ${common.ttlMinutes} minutes. If you did not ask for it, ignore this message: your password stays as it is.`,
    ].join("\n"),
    sms: `${common.clinic}: reset the password of "${common.username}" at ${common.link} (expires in ${common.ttlMinutes} min). Didn't ask? Ignore this.`,
    link: common.link,
    secret: common.link,
  });
}

export function usernameReminderMessage(common: MessageCommon & { usernames: string[]; loginLink: string }) {
  const list = common.usernames.join(", ");
  return message(common, {
    purpose: "username_recovery",
    subject: `Your ${common.clinic} username`,
    email: [
      `You asked for the username of your ${common.clinic} account.`,
      "",
      `${common.usernames.length === 1 ? "Username" : "Usernames"}: ${list}`,
      "",
      `Sign in at ${common.loginLink}`,
      "If you did not ask for this, you can ignore this message.",
    ].join("\n"),
    sms: `${common.clinic}: your username is ${list}. Sign in at ${common.loginLink}`,
    link: common.loginLink,
  });
}

export function accessCodeMessage(common: MessageCommon & { code: string; ttlMinutes: number }) {
  return message(common, {
    purpose: "access_code",
    subject: `Your ${common.clinic} access code`,
    email: [
      `Your ${common.clinic} access code is ${common.code}.`,
      "",
      `It works once and expires in ${common.ttlMinutes} minutes. Never share it: the clinic will not ask you for it.`,
    ].join("\n"),
    sms: `${common.clinic}: your access code is ${common.code}. It expires in ${common.ttlMinutes} min. Never share it.`,
    secret: common.code,
  });
}

/**
 * The owner's notice that sign-in attempts on their account were blocked (issue 8 §3): sent once
 * when throttling engages, so a person learns someone is guessing without being locked out.
 */
export function signInBlockedMessage(common: MessageCommon & { username: string; resetLink: string }) {
  return message(common, {
    purpose: "sign_in_blocked",
    subject: `Sign-in attempts to your ${common.clinic} account were blocked`,
    email: [
      `Several sign-ins to the ${common.clinic} account "${common.username}" failed with a wrong password, so further attempts are being slowed down.`,
      "",
      "If this was you, wait a moment and try again. You can still sign in with your password.",
      `If it was not you, your password has not been shared by us; consider changing it: ${common.resetLink}`,
    ].join("\n"),
    sms: `${common.clinic}: sign-in attempts to "${common.username}" were blocked after wrong passwords. Not you? Consider changing your password.`,
    link: common.resetLink,
  });
}
