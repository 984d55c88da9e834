import type { Kysely } from "kysely";
import type { ActivityCode } from "../../../generated/types/enums/activity-code.ts";
import { defaultBundle, enumOptions, schemaById } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";

/**
 * Activity codes by their label in schemas/enums/activity-code.json, so code reads
 * `ACTIVITY.loginSuccess` and never a bare number. Resolved once at import: a renamed label
 * fails at start-up, not silently at the first sign-in.
 */
const TITLES = {
  accountActivated: "Account activated",
  invitationSent: "Invitation sent",
  screenAssigned: "Screen assigned",
  loginSuccess: "Login success",
  passwordReset: "Password reset",
  resetRequestSent: "Reset request sent",
  accountDisabled: "Account disabled",
  measureCompleted: "Measure completed",
  passwordChanged: "Password changed",
  activatedByClinician: "Activated by clinician",
  inactivated: "Inactivated",
  reactivated: "Reactivated",
  loggedInAsRespondent: "Logged in as respondent",
  invitationCanceled: "Invitation canceled",
  accountCreated: "Account created",
  loginFailed: "Login failed",
  accountLocked: "Account locked",
  signedOut: "Signed out",
  usernameRecovered: "Username recovered",
} as const;

function codesByTitle(): Record<keyof typeof TITLES, ActivityCode> {
  const options = enumOptions(schemaById(defaultBundle, "enums/activity-code.json"));
  const entries = Object.entries(TITLES).map(([key, title]) => {
    const option = options.find((o) => o.label === title);
    if (!option) throw new Error(`enums/activity-code.json has no entry titled "${title}"`);
    return [key, option.value as ActivityCode];
  });
  return Object.fromEntries(entries) as Record<keyof typeof TITLES, ActivityCode>;
}

export const ACTIVITY = codesByTitle();

export interface ActivityEntry {
  /** Whose account the entry is about. */
  userId: number;
  /** Who did it: the user themself, a clinician or admin, or null for the system. */
  actorId: number | null;
  code: ActivityCode;
  /** Small facts for an auditor (reason, client address); never a password or token. */
  detail?: Record<string, unknown>;
}

/** Appends one entry to the account activity log (spec §3 activity codes). */
export async function logActivity(db: Kysely<Database>, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto("activity_log")
    .values({
      user_id: entry.userId,
      actor_id: entry.actorId,
      code: entry.code,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}
