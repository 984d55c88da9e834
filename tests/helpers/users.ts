import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { newAccountRow } from "../../src/server/accounts/new-accounts.ts";
import { AccessTokens } from "../../src/server/auth/access-token.ts";
import { hashPassword } from "../../src/server/auth/passwords.ts";
import type { Database } from "../../src/server/db/database-types.ts";

export const TEST_PASSWORD = "Test#Pass2026";
let passwordHash: Promise<string> | undefined;

/** Inserts an account with roles; status defaults to Active (2). Password is TEST_PASSWORD. */
export async function createUser(
  db: Kysely<Database>,
  opts: {
    username: string;
    roles: string[];
    userType?: "clinical" | "patient";
    status?: number;
    firstName?: string;
    lastName?: string;
  },
): Promise<number> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const { id } = await db
    .insertInto("app_user")
    .values(
      newAccountRow({
        username: opts.username,
        password_hash: await passwordHash,
        password_changed_at: new Date(),
        user_type: opts.userType ?? "clinical",
        status: opts.status ?? 2,
        first_name: opts.firstName ?? opts.username,
        last_name: opts.lastName ?? "Tester",
        email: `${opts.username}@example.org`,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  if (opts.roles.length)
    await db
      .insertInto("user_role")
      .values(opts.roles.map((role) => ({ user_id: id, role })))
      .execute();
  return id;
}

/**
 * An Authorization header for a user without going through the login route: opens a refresh
 * family (the access hook requires a live one) and signs an access token with the test secret.
 */
export async function authHeader(
  db: Kysely<Database>,
  userId: number,
  secret = "test-secret-test-secret-test-secret-0123456789",
): Promise<{ authorization: string }> {
  const familyId = randomUUID();
  await db
    .insertInto("refresh_token")
    .values({
      family_id: familyId,
      user_id: userId,
      token_hash: `test-${familyId}`,
      expires_at: new Date(Date.now() + 3600_000),
      used_at: null,
      revoked_at: null,
    })
    .execute();
  const token = await new AccessTokens(secret, 900).sign(userId, familyId);
  return { authorization: `Bearer ${token}` };
}

/**
 * Signed-in clinical users by name, each with the roles given; the name is also the username.
 * Created in the order listed. Answers their ids and Authorization headers by name.
 */
export async function signInUsers<Name extends string>(
  db: Kysely<Database>,
  rolesByName: Record<Name, readonly string[]>,
): Promise<{ ids: Record<Name, number>; headers: Record<Name, { authorization: string }> }> {
  const ids = {} as Record<Name, number>;
  const headers = {} as Record<Name, { authorization: string }>;
  for (const [name, roles] of Object.entries(rolesByName) as [Name, readonly string[]][]) {
    ids[name] = await createUser(db, { username: name, roles: [...roles] });
    headers[name] = await authHeader(db, ids[name]);
  }
  return { ids, headers };
}
