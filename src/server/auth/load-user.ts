import { type Kysely, type RawBuilder, sql } from "kysely";
import { type Permission, permissionsFor } from "../../shared/permissions.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { perDatabaseLoader } from "../db/per-turn-loader.ts";
import { accountWithRoles } from "./account-columns.ts";
import { compiledOnce } from "./compiled-once.ts";
import type { RequestUser } from "./request-user.ts";

/**
 * The callers of access tokens: the accounts, their roles, and which of the tokens' refresh
 * families are still alive (logout and reuse detection revoke a family, which kills its access
 * tokens at once rather than at expiry). Read on every request, never cached: a sign-out, a
 * deactivation or a role taken away counts from the next request, on every node. Requests of one
 * turn of the event loop share the statement (perTurnLoader), so its text takes arrays; a turn
 * with one caller (a quiet server) sends the one-caller text instead, which PostgreSQL plans once
 * for every value, where an array's text is planned anew on every call (0.3 ms a call).
 */
const tokenUsers = compiledOnce(2, (db, userIds: number[], familyIds: string[]) =>
  accountWithRoles(db)
    .select(aliveFamilies(sql`any(${familyIds}::uuid[])`))
    .where(sql<boolean>`u.id = any(${userIds}::bigint[])`),
);

const tokenUser = compiledOnce(2, (db, userId: number, familyId: string) =>
  accountWithRoles(db)
    .select(aliveFamilies(sql`${familyId}::uuid`))
    .where("u.id", "=", userId),
);

/** The caller's live refresh families among `families` (`any(array)` or one uuid), as text. */
function aliveFamilies(families: RawBuilder<unknown>) {
  return sql<string[]>`array(select t.family_id::text from refresh_token t where t.family_id = ${families}
    and t.user_id = u.id and t.revoked_at is null)`.as("alive_families");
}

type TokenUserRow = Awaited<ReturnType<typeof tokenUsers>>[number];

// A refresh family id as the server issues it; anything else cannot name a live family, and must
// not reach the shared statement, whose ::uuid cast would fail it for every caller in the batch.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// 1,000 callers a statement: two arrays of that length are a few kilobytes of parameters.
const MAX_CALLERS_PER_STATEMENT = 1000;

/** The caller of each key ("userId familyId"), or null; the keys of one turn share a statement. */
const tokenCaller = perDatabaseLoader<string, TokenUserRow | null>(
  async (db, keys) => {
    const pairs = keys.map((key) => key.split(" "));
    const rows =
      pairs.length === 1
        ? await tokenUser(db, Number(pairs[0][0]), pairs[0][1])
        : await tokenUsers(
            db,
            [...new Set(pairs.map(([userId]) => Number(userId)))],
            [...new Set(pairs.map(([, familyId]) => familyId.toLowerCase()))],
          );
    const byId = new Map(rows.map((row) => [String(row.id), row]));
    return pairs.map(([userId, familyId]) => {
      const row = byId.get(userId);
      return row?.alive_families.includes(familyId.toLowerCase()) ? row : null;
    });
  },
  { maxBatchSize: MAX_CALLERS_PER_STATEMENT },
);

export async function loadTokenUser(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  userId: number,
  familyId: string,
): Promise<RequestUser | null> {
  if (!Number.isSafeInteger(userId) || !UUID.test(familyId)) return null;
  const row = await tokenCaller(db, `${userId} ${familyId}`);
  return row ? toRequestUser(row, bundle) : null;
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
