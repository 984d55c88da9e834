import type { Kysely } from "kysely";
import type { SessionUser } from "../../../generated/types/entities/user.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import type { LoginAs } from "./login-as-caller.ts";
import { loadSessionUser } from "./session-user.ts";

/**
 * The signed-in user a handed-over device shows (spec §3 Logged-in user, loggedAsRespondent):
 * the respondent, with only the permission to answer, never a pending password change (spec §2
 * Guards: "except when logged in as a respondent"), and whose password takes the device back.
 */
export async function handedOverUser(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  respondentId: number,
  loginAs: LoginAs,
): Promise<SessionUser | null> {
  const user = await loadSessionUser(db, bundle, respondentId);
  if (!user) return null;
  return {
    ...user,
    permissions: [...loginAsPermissions],
    loggedAsRespondent: true,
    mustChangePassword: false,
    loginAs: {
      ccauId: loginAs.ccauId,
      clinicianFirstName: loginAs.clinician.firstName,
      clinicianLastName: loginAs.clinician.lastName,
      expiresAt: loginAs.expiresAt.toISOString(),
    },
  };
}

const loginAsPermissions = ["respondent.session"] as const;
