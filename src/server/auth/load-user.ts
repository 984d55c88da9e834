import { type Kysely, sql } from "kysely";
import { permissionsFor } from "../../shared/permissions.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { accountWithRoles } from "./account-columns.ts";
import type { RequestUser } from "./request-user.ts";

/**
 * Loads the caller for an access token in one query: the account, its roles, and whether the
 * token's refresh family is still alive (logout and reuse detection revoke a family, which
 * kills its access tokens at once rather than at expiry).
 */
export async function loadTokenUser(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  userId: number,
  familyId: string,
): Promise<RequestUser | null> {
  const row = await accountWithRoles(db)
    .select(
      sql<boolean>`exists (select 1 from refresh_token t where t.family_id = ${familyId}::uuid and t.user_id = u.id
        and t.revoked_at is null)`.as("family_alive"),
    )
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row?.family_alive) return null;
  return toRequestUser(row, bundle);
}

export function toRequestUser(
  row: {
    id: number;
    uuid: string;
    username: string | null;
    user_type: "clinical" | "patient";
    status: number;
    first_name: string;
    last_name: string;
    roles: string[];
  },
  bundle: SchemaBundle,
): RequestUser {
  return {
    id: row.id,
    uuid: row.uuid,
    username: row.username,
    userType: row.user_type,
    status: row.status,
    roles: row.roles,
    permissions: new Set(permissionsFor(row.roles, bundle)),
    firstName: row.first_name,
    lastName: row.last_name,
  };
}
