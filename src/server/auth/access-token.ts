import { errors, jwtVerify, SignJWT } from "jose";

const ISSUER = "mbc";
const AUDIENCE = "mbc-api";

export interface AccessClaims {
  sub: string;
  /** Refresh-token family this access token was issued with; logout revokes the family. */
  fam: string;
}

/** Short-lived, stateless access tokens (HS256). Revocation rides on the refresh-token family. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
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
  async verify(
    token: string,
  ): Promise<{ ok: true; claims: AccessClaims } | { ok: false; reason: "expired" | "invalid" }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ["HS256"],
      });
      if (typeof payload.sub !== "string" || typeof payload.fam !== "string") return { ok: false, reason: "invalid" };
      return { ok: true, claims: { sub: payload.sub, fam: payload.fam } };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? "expired" : "invalid" };
    }
  }
}
