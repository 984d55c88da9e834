import { type Kysely, sql } from "kysely";
import { type Permission, permissionsFor } from "../../shared/permissions.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { accountWithRoles } from "./account-columns.ts";
import { compiledOnce } from "./compiled-once.ts";
import type { RequestUser } from "./request-user.ts";

/**
 * The caller of an access token in one statement: the account, its roles, and whether the
 * token's refresh family is still alive (logout and reuse detection revoke a family, which
 * kills its access tokens at once rather than at expiry). Read on every request, never cached:
 * a sign-out, a deactivation or a role taken away counts from the next request, on every node.
 */
const tokenUser = compiledOnce(2, (db, userId: number, familyId: string) =>
  accountWithRoles(db)
    .select(
      sql<boolean>`exists (select 1 from refresh_token t where t.family_id = ${familyId}::uuid and t.user_id = u.id
        and t.revoked_at is null)`.as("family_alive"),
    )
    .where("u.id", "=", userId),
);

export async function loadTokenUser(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  userId: number,
  familyId: string,
): Promise<RequestUser | null> {
  const [row] = await tokenUser(db, userId, familyId);
  if (!row?.family_alive) return null;
  return toRequestUser(row, bundle);
}

/**
 * Permissions by set of roles, per bundle: role.json does not change while the process runs, so
 * each combination of roles is resolved once rather than on every request. Shared between
 * requests, hence read-only.
 */
const permissionSets = new WeakMap<SchemaBundle, Map<string, ReadonlySet<Permission>>>();

function permissionSet(roles: readonly string[], bundle: SchemaBundle): ReadonlySet<Permission> {
  let byRoles = permissionSets.get(bundle);
  if (!byRoles) {
    byRoles = new Map();
    permissionSets.set(bundle, byRoles);
  }
  // Roles come sorted from the query (ACCOUNT_ROLES); a role name holds no NUL.
  const key = roles.join("\u0000");
  let set = byRoles.get(key);
  if (!set) {
    set = new Set(permissionsFor(roles, bundle));
    byRoles.set(key, set);
  }
  return set;
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
    permissions: permissionSet(row.roles, bundle),
    firstName: row.first_name,
    lastName: row.last_name,
  };
}
