import type { SessionResponse } from "../../../generated/types/api/session.ts";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS } from "./access-hook.ts";
import { issueRefreshToken, revokeFamily, spendRefreshToken } from "./refresh-tokens.ts";
import { loadSessionUser } from "./session-user.ts";

type SessionContext = Pick<AppContext, "db" | "bundle" | "tokens" | "config">;

/** Statuses that may hold a session: Active, and Password Reset (limited by the access hook). */
const MAY_HOLD_SESSION: ReadonlySet<number> = new Set([ACCOUNT_STATUS.active, ACCOUNT_STATUS.passwordReset]);

export function mayHoldSession(status: number): boolean {
  return MAY_HOLD_SESSION.has(status);
}

async function respond(
  ctx: SessionContext,
  userId: number,
  family?: { familyId: string; familyExpiresAt: Date },
): Promise<SessionResponse | null> {
  const user = await loadSessionUser(ctx.db, ctx.bundle, userId);
  if (!user || !mayHoldSession(user.status)) {
    if (family) await revokeFamily(ctx.db, family.familyId);
    return null;
  }
  const ttlSeconds = ctx.config.refreshTokenTtlSeconds;
  const refresh = await issueRefreshToken(
    ctx.db,
    family
      ? { userId, ttlSeconds, ...family }
      : { userId, ttlSeconds, absoluteTtlSeconds: ctx.config.refreshAbsoluteTtlSeconds },
  );
  const accessToken = await ctx.tokens.sign(userId, refresh.familyId);
  return { accessToken, refreshToken: refresh.token, user };
}

/** A new sign-in: a new refresh family, its first token, and an access token bound to it. */
export async function openSession(ctx: SessionContext, userId: number): Promise<SessionResponse> {
  const session = await respond(ctx, userId);
  if (!session) throw new Error(`User ${userId} may not hold a session`);
  return session;
}

/**
 * Spends a refresh token and issues the next pair of the same family. Null when the token is
 * unknown, expired, past its family's absolute end, spent (reuse: the family is revoked) or its account can no longer sign in
 * (deactivated since: the family is revoked too).
 */
export async function renewSession(ctx: SessionContext, refreshToken: string): Promise<SessionResponse | null> {
  const spent = await spendRefreshToken(ctx.db, refreshToken);
  if (!spent.ok) return null;
  return respond(ctx, spent.userId, { familyId: spent.familyId, familyExpiresAt: spent.familyExpiresAt });
}
