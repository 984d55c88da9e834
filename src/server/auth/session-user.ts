import { type Kysely, sql } from "kysely";
import type { SessionUser } from "../../../generated/types/entities/user.ts";
import type { AccountStatus } from "../../../generated/types/enums/account-status.ts";
import type { Role } from "../../../generated/types/enums/role.ts";
import { permissionsFor } from "../../shared/permissions.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { ACCOUNT_STATUS } from "./access-hook.ts";
import { accountWithRoles } from "./account-columns.ts";

/**
 * The signed-in user as the client keeps it (spec §3 Logged-in user; schemas/entities/user.json),
 * read in one query. Permissions come from the roles through role.json, the same rules the
 * server enforces, so the client can mirror them without guessing.
 */
export async function loadSessionUser(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  userId: number,
): Promise<SessionUser | null> {
  const row = await accountWithRoles(db)
    .select([
      sql<boolean>`u.hippa_agreement_at is not null`.as("hippa_agreement"),
      // A respondent's relation to the patient: their own chart (relation 1) first, as the
      // select-account screen sorts it, else their earliest live link.
      sql<number | null>`(select cu.relation_id from cca_user cu
        where cu.user_id = u.id and cu.deleted_at is null
        order by (cu.relation_id = ${SELF_RELATION}) desc, cu.id limit 1)`.as("relation_id"),
    ])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const isPatient = row.user_type === "patient";
  return {
    id: row.id,
    uuid: row.uuid,
    username: row.username ?? "",
    firstName: row.first_name,
    lastName: row.last_name,
    initials: initials(row.first_name, row.last_name),
    isPatient,
    user_type: row.user_type,
    roles: row.roles as Role[],
    permissions: permissionsFor(row.roles, bundle),
    status: row.status as AccountStatus,
    relationToPatient: isPatient ? row.relation_id : null,
    isAccountActive: row.status === ACCOUNT_STATUS.active,
    hippaAgreement: row.hippa_agreement,
    loggedAsRespondent: false,
    is_clinical_user: !isPatient,
    mustChangePassword: row.status === ACCOUNT_STATUS.passwordReset,
  };
}

function initials(firstName: string, lastName: string): string {
  const first = [...firstName.trim()][0] ?? "";
  const last = [...lastName.trim()][0] ?? "";
  return `${first}${last}`.toUpperCase();
}
