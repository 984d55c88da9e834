import { errors, jwtVerify, SignJWT } from "jose";
import { LoginAsTokens } from "./login-as-token.ts";

const ISSUER = "mbc";
const AUDIENCE = "mbc-api";
// The claims' shapes: a user id (a positive whole number as a string) and a refresh family (a
// UUID). Anything else is a token we did not sign as such: refused as invalid (401), never
// passed on to a query that would fail on it (issue 8 §5).
const USER_ID = /^[1-9][0-9]{0,14}$/;
const FAMILY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  sub: string;
  /** Refresh-token family this access token was issued with; logout revokes the family. */
  fam: string;
}

/** Short-lived, stateless access tokens (HS256). Revocation rides on the refresh-token family. */
export class AccessTokens {
  private readonly key: Uint8Array;
  /** The tokens of a device handed to a respondent (login-as), signed with the same secret. */
  readonly loginAs: LoginAsTokens;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.loginAs = new LoginAsTokens(secret);
  }

  async sign(userId: number, familyId: string): Promise<string> {
    return new SignJWT({ fam: familyId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims, or why not: "expired" or "invalid". */
  /**
   * allowExpired: also accept a token whose only fault is its expiry (sign-out names the session
   * to end with it); the signature, issuer, audience and claims are checked all the same.
   */
  async verify(
    token: string,
    opts: { allowExpired?: boolean } = {},
  ): Promise<{ ok: true; claims: AccessClaims } | { ok: false; reason: "expired" | "invalid" }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        ...(opts.allowExpired ? { currentDate: new Date(0) } : {}),
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ["HS256"],
        // A token without an expiry would be valid for ever: refuse it (and one without iat).
        requiredClaims: ["exp", "iat", "sub"],
      });
      if (typeof payload.sub !== "string" || !USER_ID.test(payload.sub)) return { ok: false, reason: "invalid" };
      if (typeof payload.fam !== "string" || !FAMILY_ID.test(payload.fam)) return { ok: false, reason: "invalid" };
      return { ok: true, claims: { sub: payload.sub, fam: payload.fam } };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? "expired" : "invalid" };
    }
  }
}
