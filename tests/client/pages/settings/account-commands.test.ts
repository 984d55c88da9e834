import { describe, expect, it } from "vitest";
import { ACCOUNT_STATUS, accountCommands } from "../../../../src/client/pages/settings/account-commands.ts";
import { resultText } from "../../../../src/client/pages/settings/account-results.ts";

const labels = (status: number, options = { smsEnabled: false, isSelf: false }, mobile: string | null = null) =>
  accountCommands({ full_name: "Casey Lee", status, mobile_number: mobile }, options).map((e) => e.label);

describe("accountCommands", () => {
  it("offers the actions of spec §4 that the server accepts from each status", () => {
    expect(labels(ACCOUNT_STATUS.notInvited)).toEqual(["Invite", "Deactivate", "Delete"]);
    expect(labels(ACCOUNT_STATUS.invited)).toEqual(["Invite again", "Cancel invite", "Deactivate"]);
    expect(labels(ACCOUNT_STATUS.active)).toEqual(["Reset password", "Deactivate"]);
    expect(labels(ACCOUNT_STATUS.passwordReset)).toEqual(["Reset password", "Deactivate"]);
    expect(labels(ACCOUNT_STATUS.inactive)).toEqual(["Activate and invite"]);
  });

  it("adds text-message invitations only when the clinic sends them and the user has a mobile number", () => {
    const sms = { smsEnabled: true, isSelf: false };
    expect(labels(ACCOUNT_STATUS.invited, sms, "5551234567")).toEqual([
      "Invite again",
      "Invite again by text message",
      "Cancel invite",
      "Deactivate",
    ]);
    expect(labels(ACCOUNT_STATUS.invited, sms, null)).toEqual(["Invite again", "Cancel invite", "Deactivate"]);
    expect(labels(ACCOUNT_STATUS.invited, { smsEnabled: false, isSelf: false }, "5551234567")).not.toContain(
      "Invite again by text message",
    );
  });

  it("never offers to deactivate or reset one's own account", () => {
    expect(labels(ACCOUNT_STATUS.active, { smsEnabled: false, isSelf: true })).toEqual([]);
  });

  it("asks before deactivating, cancelling an invitation or resetting a password", () => {
    const asked = accountCommands(
      { full_name: "Casey Lee", status: ACCOUNT_STATUS.invited },
      { smsEnabled: false, isSelf: false },
    )
      .filter((e) => e.confirm)
      .map((e) => e.label);
    expect(asked).toEqual(["Cancel invite", "Deactivate"]);
  });
});

describe("resultText", () => {
  it("warns when a user was activated but the invitation could not go", () => {
    expect(
      resultText({ kind: "status", action: "activate_and_invite" }, "Casey Lee", {
        sent: false,
        reason: "This account has no email address or mobile number to send it to.",
      }),
    ).toEqual({
      text: "Casey Lee was activated, but no invitation was sent: This account has no email address or mobile number to send it to.",
      warning: true,
    });
  });

  it("points to the outbox when the message was kept", () => {
    const { text } = resultText({ kind: "status", action: "invite_again" }, "Casey Lee", {
      sent: true,
      channel: "sms",
      delivery: "kept",
    });
    expect(text).toBe(
      "Invitation sent to Casey Lee. No text message provider is configured, so the message is kept in the outbox (Settings > Outbox).",
    );
  });
});
