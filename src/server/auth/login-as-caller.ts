import { type Kysely, sql } from "kysely";
import type { Permission } from "../../shared/permissions.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { chartVisible } from "../patients/patient-access.ts";
import { ACCOUNT_STATUS } from "./access-hook.ts";
import { accountWithRoles } from "./account-columns.ts";
import { loadTokenUser, toRequestUser } from "./load-user.ts";
import type { LoginAsClaims } from "./login-as-token.ts";
import type { RequestUser } from "./request-user.ts";

/** The one permission a handed-over device has, whatever the respondent's account holds. */
const RESPONDENT_ONLY: ReadonlySet<Permission> = new Set<Permission>(["respondent.session"]);

/** A device a clinician handed to a respondent (docs/security/login-as.md). */
export interface LoginAs {
  /** The clinician who handed it over: accountable for everything done with it. */
  clinician: RequestUser;
  /** The respondent link the device is limited to. */
  ccauId: number;
  /** When the hand-over ends by itself (the token's expiry). */
  expiresAt: Date;
}

/**
 * Loads a login-as token's caller, checked afresh on every request as an access token's is:
 * the clinician's session (refresh family) is alive, their account active and still allowed to
 * write on the chart; the respondent link is live, of an active patient, and its account not
 * deactivated. The caller is the respondent, with only respondent.session. Null otherwise.
 */
export async function loadLoginAsCaller(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  claims: LoginAsClaims,
): Promise<{ user: RequestUser; loginAs: LoginAs } | null> {
  const clinician = await loadTokenUser(db, bundle, claims.clinicianId, claims.familyId);
  if (!clinician || clinician.status !== ACCOUNT_STATUS.active || !clinician.permissions.has("patients.write"))
    return null;
  const row = await accountWithRoles(db)
    .where("u.id", "=", claims.respondentId)
    .where("u.status", "<>", ACCOUNT_STATUS.inactive)
    .where(
      sql<boolean>`exists (select 1 from cca_user cu
        join client_clinic_assignment cca on cca.id = cu.cca_id
        join patient p on p.id = cca.patient_id
        where cu.id = ${claims.ccauId} and cu.user_id = u.id and cu.deleted_at is null and p.active
          and ${chartVisible(clinician, "visible", "cu.cca_id")})`,
    )
    .executeTakeFirst();
  if (!row) return null;
  const user = { ...toRequestUser(row, bundle), permissions: RESPONDENT_ONLY };
  return { user, loginAs: { clinician, ccauId: claims.ccauId, expiresAt: claims.expiresAt ?? new Date() } };
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set when the caller is a device handed to a respondent; request.user is then the respondent. */
    loginAs: LoginAs | null;
  }
  interface FastifyContextConfig {
    /** A device handed to a respondent may call this route (the questionnaire routes); all others answer 403. */
    loginAs?: boolean;
  }
}
