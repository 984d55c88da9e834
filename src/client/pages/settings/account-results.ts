import type { AccountCommand } from "./account-commands.ts";
import type { MessageResult } from "./clinical-users-api.ts";

/** Where a link went, when it did not leave the system (the embedded demo keeps it in the outbox). */
function deliveryNote(result: MessageResult | undefined): string {
  if (!result?.sent || result.delivery !== "kept") return "";
  const sender = result.channel === "sms" ? "text message provider" : "mail server";
  return ` No ${sender} is configured, so the message is kept in the outbox (Settings > Outbox).`;
}

/**
 * What an account action's toast says, from the server's answer. `warning` is set when the
 * action was done but its message could not be sent, which the admin must know.
 */
export function resultText(
  command: AccountCommand,
  name: string,
  message: MessageResult | undefined,
): { text: string; warning: boolean } {
  if (command.kind === "delete") return { text: `${name} was deleted.`, warning: false };
  if (command.kind === "resetPassword") {
    return message?.sent
      ? { text: `${name} must choose a new password. A reset link was sent.${deliveryNote(message)}`, warning: false }
      : {
          text: `${name} must choose a new password at their next sign-in. No reset link was sent: ${message?.reason ?? "no contact to send it to."}`,
          warning: true,
        };
  }
  switch (command.action) {
    case "invite":
    case "invite_again":
      return { text: `Invitation sent to ${name}.${deliveryNote(message)}`, warning: false };
    case "cancel_invite":
      return { text: `The invitation to ${name} was canceled.`, warning: false };
    case "deactivate":
      return { text: `${name} was deactivated. Past results are kept.`, warning: false };
    case "activate_and_invite":
      return message?.sent
        ? { text: `${name} was activated and invited.${deliveryNote(message)}`, warning: false }
        : {
            text: `${name} was activated, but no invitation was sent: ${message?.reason ?? "no contact to send it to."}`,
            warning: true,
          };
  }
}
