import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";
import type { Channel, StatusAction } from "./clinical-users-api.ts";

/** Account status codes (enums/account-status.json, spec §3). */
export const ACCOUNT_STATUS = { inactive: 1, active: 2, notInvited: 3, invited: 4, passwordReset: 5 } as const;

const ACTION_LABELS = new Map(
  enumOptions(schemaById(defaultBundle, "api/clinical-user-status-change.json").properties?.action ?? {}).map((o) => [
    String(o.value),
    o.label,
  ]),
);

const STATUS_LABELS = new Map(
  enumOptions(schemaById(defaultBundle, "enums/account-status.json")).map((o) => [Number(o.value), o.label]),
);

export function statusLabel(status: number): string {
  return STATUS_LABELS.get(status) ?? String(status);
}

export type AccountCommand =
  | { kind: "status"; action: StatusAction; channel?: Channel }
  | { kind: "resetPassword" }
  | { kind: "delete" };

export interface CommandEntry {
  command: AccountCommand;
  label: string;
  /** Asked before acting, for what ends access or spends a link. */
  confirm?: { title: string; text: string; confirmLabel: string; danger?: boolean };
}

/** Which actions of spec §4 the server accepts from each status (clinical-users/clinical-user-status.ts). */
const ACTIONS_BY_STATUS: Record<number, StatusAction[]> = {
  [ACCOUNT_STATUS.notInvited]: ["invite", "deactivate"],
  [ACCOUNT_STATUS.invited]: ["invite_again", "cancel_invite", "deactivate"],
  [ACCOUNT_STATUS.active]: ["deactivate"],
  [ACCOUNT_STATUS.passwordReset]: ["deactivate"],
  [ACCOUNT_STATUS.inactive]: ["activate_and_invite"],
};

const SENDS_INVITATION: readonly StatusAction[] = ["invite", "invite_again"];

function confirmationOf(action: StatusAction, name: string): CommandEntry["confirm"] {
  if (action === "deactivate") {
    return {
      title: `Deactivate ${name}?`,
      text: `${name} is signed out at once and can no longer sign in. Past results are kept, and so is everything they recorded. You can activate the account again later.`,
      confirmLabel: "Deactivate",
      danger: true,
    };
  }
  if (action === "cancel_invite") {
    return {
      title: `Cancel the invitation to ${name}?`,
      text: "The link they were sent stops working. You can invite them again later.",
      confirmLabel: "Cancel invite",
    };
  }
  return undefined;
}

/**
 * The account actions a clinical user's row offers, for their status. Invitations may also go by
 * text message when the clinic sends them and the user has a mobile number. An account that has
 * been set up (Active, Password Reset) can have its password reset by an admin; one never invited
 * can be deleted.
 */
export function accountCommands(
  user: { full_name: string; status: number; mobile_number?: string | null },
  options: { smsEnabled: boolean; isSelf: boolean },
): CommandEntry[] {
  const name = user.full_name;
  const entries: CommandEntry[] = [];
  for (const action of ACTIONS_BY_STATUS[user.status] ?? []) {
    // Nobody deactivates their own account here (the server refuses it too).
    if (action === "deactivate" && options.isSelf) continue;
    const label = ACTION_LABELS.get(action) ?? action;
    entries.push({ command: { kind: "status", action }, label, confirm: confirmationOf(action, name) });
    if (SENDS_INVITATION.includes(action) && options.smsEnabled && user.mobile_number) {
      entries.push({ command: { kind: "status", action, channel: "sms" }, label: `${label} by text message` });
    }
  }
  const setUp = user.status === ACCOUNT_STATUS.active || user.status === ACCOUNT_STATUS.passwordReset;
  if (setUp && !options.isSelf) {
    // Before Deactivate: the action that ends access comes last in the menu.
    const at = entries.findIndex((e) => e.command.kind === "status" && e.command.action === "deactivate");
    entries.splice(at === -1 ? entries.length : at, 0, {
      command: { kind: "resetPassword" },
      label: "Reset password",
      confirm: {
        title: `Reset ${name}'s password?`,
        text: `${name} is signed out everywhere and must choose a new password, through the link sent to them or at their next sign-in.`,
        confirmLabel: "Reset password",
      },
    });
  }
  // Deleting is for someone added by mistake, before any invitation; the server refuses anyone
  // with a history, who is deactivated instead.
  if (user.status === ACCOUNT_STATUS.notInvited && !options.isSelf) {
    entries.push({
      command: { kind: "delete" },
      label: "Delete",
      confirm: {
        title: `Delete ${name}?`,
        text: "Only for someone added by mistake. Anyone with a history in the app is deactivated instead, so the clinic's records stay whole.",
        confirmLabel: "Delete",
        danger: true,
      },
    });
  }
  return entries;
}
