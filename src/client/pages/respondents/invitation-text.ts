/** What a sent invitation toasts: to whom, by which channel, and where it waits without a mail server. */
export function invitationSentMessage(
  name: string,
  channel: string | undefined,
  delivery: string | undefined,
  what = "Invitation",
): string {
  const by = channel === "sms" ? "by text message" : "by email";
  // Without a mail server (the embedded demo) messages wait in the outbox for an admin to read.
  const where = delivery === "kept" ? " It is in the outbox: no mail server is set up." : "";
  return `${what} sent to ${name} ${by}.${where}`;
}
