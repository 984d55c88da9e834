import { createHash, randomBytes, randomInt } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

/**
 * Single-use, expiring secrets (one_time_token): invitation links, reset keys, access codes and
 * account-selection tokens. The secret is shown once (in a message or an answer); the table keeps
 * only its SHA-256, so a copy of the database cannot be used to sign in. Issuing a new secret of a
 * purpose spends the account's earlier ones: only the latest link or code works.
 * Expiry is counted by the database clock, like the refresh tokens.
 */
export type TokenPurpose = "account_setup" | "password_reset" | "access_code" | "account_selection";

/** Wrong tries an access code survives; the fifth wrong one kills it (issue 3 §3). */
export const ACCESS_CODE_MAX_ATTEMPTS = 5;

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** 256 random bits, URL-safe: link tokens, reset keys, selection tokens. */
export function newLinkSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Six digits, uniformly random, leading zeros kept. */
export function newAccessCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export async function spendOpenTokens(db: Kysely<Database>, userId: number, purpose: TokenPurpose): Promise<number> {
  const result = await db
    .updateTable("one_time_token")
    .set({ used_at: sql<Date>`now()` })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Stores a secret for an account, spending the account's earlier open secrets of the same purpose. */
export async function issueToken(
  db: Kysely<Database>,
  opts: { userId: number; purpose: TokenPurpose; secret: string; ttlMinutes: number; detail?: unknown },
): Promise<void> {
  await spendOpenTokens(db, opts.userId, opts.purpose);
  await db
    .insertInto("one_time_token")
    .values({
      user_id: opts.userId,
      purpose: opts.purpose,
      token_hash: hashSecret(opts.secret),
      expires_at: sql<Date>`now() + make_interval(mins => ${opts.ttlMinutes}::int)`,
      used_at: null,
      detail: opts.detail === undefined ? null : JSON.stringify(opts.detail),
    })
    .execute();
}

export interface LiveToken {
  id: number;
  userId: number;
  detail: unknown;
}

/** The unspent, unexpired token for a secret, without spending it (to show a form, or to check first). */
export async function findLiveToken(
  db: Kysely<Database>,
  purpose: TokenPurpose,
  secret: string,
): Promise<LiveToken | null> {
  const row = await db
    .selectFrom("one_time_token")
    .select(["id", "user_id", "detail"])
    .where("purpose", "=", purpose)
    .where("token_hash", "=", hashSecret(secret))
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .where("attempts", "<", ACCESS_CODE_MAX_ATTEMPTS)
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id, detail: row.detail } : null;
}

/**
 * Spends one token by id if it is still live: one conditional UPDATE, so of two concurrent uses
 * of the same link only one succeeds.
 */
export async function spendToken(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable("one_time_token")
    .set({ used_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
