import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";

/** Every token this server signs names it as issuer; each kind of token has its own audience. */
const ISSUER = "mbc";

/** The claims' shapes: ids are positive whole numbers as strings, refresh families UUIDs. */
export const ID_CLAIM = /^[1-9][0-9]{0,14}$/;
export const FAMILY_ID_CLAIM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type VerifyResult = { ok: true; payload: JWTPayload } | { ok: false; reason: "expired" | "invalid" };

/** Signs a short-lived HS256 token for one audience (access tokens, login-as tokens). */
export function signHs256(
  key: Uint8Array,
  opts: { audience: string; subject: string; ttlSeconds: number; claims: Record<string, string> },
): Promise<string> {
  return new SignJWT(opts.claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(opts.subject)
    .setIssuer(ISSUER)
    .setAudience(opts.audience)
    .setIssuedAt()
    .setExpirationTime(`${opts.ttlSeconds}s`)
    .sign(key);
}

/**
 * Verifies signature, issuer, audience and algorithm; a token without an expiry would be valid for
 * ever, so exp (and iat, sub) are required. allowExpired accepts a token whose only fault is its
 * expiry (everything else is checked all the same). The caller checks its own claims' shapes.
 */
export async function verifyHs256(
  key: Uint8Array,
  token: string,
  opts: { audience: string; allowExpired?: boolean },
): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, {
      ...(opts.allowExpired ? { currentDate: new Date(0) } : {}),
      issuer: ISSUER,
      audience: opts.audience,
      algorithms: ["HS256"],
      requiredClaims: ["exp", "iat", "sub"],
    });
    return { ok: true, payload };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}
