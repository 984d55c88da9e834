import { createHash, randomBytes, randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

/**
 * Rotating refresh tokens (issue 2 §3). A token is 256 random bits shown to the client once;
 * the database keeps only its SHA-256, so a leaked table cannot be replayed. Every token of
 * one sign-in shares a family: renewing spends the presented token and adds the next one to
 * the family; presenting a spent token again means two parties hold it (one of them stole it),
 * so the whole family is revoked, which also kills its access tokens (load-user.ts).
 */

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
}

/**
 * Adds a new token to a family. A new family (no family given) ends absoluteTtlSeconds from now;
 * a renewal carries its family's end over, and no token outlives it, so rotation cannot stretch
 * a sign-in past REFRESH_ABSOLUTE_TTL_SECONDS (issue 8 §5). Times are the database clock's.
 */
export async function issueRefreshToken(
  db: Kysely<Database>,
  opts: { userId: number; ttlSeconds: number } & (
    | { absoluteTtlSeconds: number; familyId?: undefined }
    | { familyId: string; familyExpiresAt: Date }
  ),
): Promise<IssuedRefreshToken> {
  const token = randomBytes(32).toString("base64url");
  const familyId = opts.familyId ?? randomUUID();
  const familyEnd =
    opts.familyId === undefined
      ? sql<Date>`now() + make_interval(secs => ${opts.absoluteTtlSeconds}::int)`
      : sql<Date>`${opts.familyExpiresAt}::timestamptz`;
  await db
    .insertInto("refresh_token")
    .values({
      family_id: familyId,
      user_id: opts.userId,
      token_hash: hashRefreshToken(token),
      expires_at: sql<Date>`least(now() + make_interval(secs => ${opts.ttlSeconds}::int), ${familyEnd})`,
      family_expires_at: familyEnd,
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return { token, familyId };
}

export type SpendResult =
  | { ok: true; userId: number; familyId: string; familyExpiresAt: Date }
  | { ok: false; reuse: boolean };

/**
 * Spends a presented token: it must exist, be unexpired, unused and unrevoked. The spend is one
 * conditional UPDATE, so of two concurrent renewals with the same token only one wins; the other
 * counts as reuse. Reuse revokes the family.
 */
export async function spendRefreshToken(db: Kysely<Database>, token: string): Promise<SpendResult> {
  const tokenHash = hashRefreshToken(token);
  const spent = await db
    .updateTable("refresh_token")
    .set({ used_at: sql<Date>`now()` })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .where("family_expires_at", ">", sql<Date>`now()`)
    .returning(["user_id", "family_id", "family_expires_at"])
    .executeTakeFirst();
  if (spent)
    return {
      ok: true,
      userId: spent.user_id,
      familyId: spent.family_id,
      familyExpiresAt: new Date(spent.family_expires_at),
    };

  const known = await db
    .selectFrom("refresh_token")
    .select(["family_id", "used_at", "revoked_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!known) return { ok: false, reuse: false };
  const reuse = known.used_at !== null || known.revoked_at !== null;
  if (reuse) await revokeFamily(db, known.family_id);
  return { ok: false, reuse };
}

/** Ends one sign-in: every token of the family, and with them its access tokens. True when it was still alive. */
export async function revokeFamily(db: Kysely<Database>, familyId: string): Promise<boolean> {
  const result = await db
    .updateTable("refresh_token")
    .set({ revoked_at: sql<Date>`now()` })
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every sign-in of a user (after a password change). */
export async function revokeUserFamilies(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable("refresh_token")
    .set({ revoked_at: sql<Date>`now()` })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

/** The live family and owner of a token that is still unrevoked (for logout by refresh token). */
export async function findFamilyOfToken(
  db: Kysely<Database>,
  token: string,
): Promise<{ familyId: string; userId: number } | null> {
  const row = await db
    .selectFrom("refresh_token")
    .select(["family_id", "user_id"])
    .where("token_hash", "=", hashRefreshToken(token))
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return row ? { familyId: row.family_id, userId: row.user_id } : null;
}
