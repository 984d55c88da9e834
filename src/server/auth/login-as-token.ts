import { errors, jwtVerify, SignJWT } from "jose";

const ISSUER = "mbc";
/**
 * Its own audience: a login-as token is never taken for an access token (which would carry the
 * clinician's rights), nor the other way round. docs/security/login-as.md.
 */
const AUDIENCE = "mbc-login-as";
const ID = /^[1-9][0-9]{0,14}$/;
const FAMILY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a device stays handed over at most: time for a few questionnaires in the waiting room. */
export const LOGIN_AS_TTL_SECONDS = 60 * 60;

export interface LoginAsClaims {
  /** The respondent's account: who answers. */
  respondentId: number;
  /** The respondent link (ccau) the token is limited to. */
  ccauId: number;
  /** The clinician who handed the device over: who is accountable, and who may take it back. */
  clinicianId: number;
  /** The clinician's refresh family: signing out (or its revocation) ends the hand-over too. */
  familyId: string;
  /** When the token stops working (read from a verified token; ignored when signing). */
  expiresAt?: Date;
}

/** Short-lived, stateless tokens of a device handed to a respondent in the clinic (HS256). */
export class LoginAsTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds = LOGIN_AS_TTL_SECONDS,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: LoginAsClaims): Promise<string> {
    return new SignJWT({ ccau: String(claims.ccauId), act: String(claims.clinicianId), fam: claims.familyId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(claims.respondentId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims, or why not. allowExpired: the return to the clinician, which asks for the password anyway. */
  async verify(
    token: string,
    opts: { allowExpired?: boolean } = {},
  ): Promise<{ ok: true; claims: LoginAsClaims } | { ok: false; reason: "expired" | "invalid" }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        ...(opts.allowExpired ? { currentDate: new Date(0) } : {}),
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ["HS256"],
        requiredClaims: ["exp", "iat", "sub"],
      });
      const { sub, ccau, act, fam, exp } = payload;
      const ids = [sub, ccau, act];
      if (!ids.every((v) => typeof v === "string" && ID.test(v))) return { ok: false, reason: "invalid" };
      if (typeof fam !== "string" || !FAMILY_ID.test(fam)) return { ok: false, reason: "invalid" };
      return {
        ok: true,
        claims: {
          respondentId: Number(sub),
          ccauId: Number(ccau),
          clinicianId: Number(act),
          familyId: fam,
          expiresAt: new Date(Number(exp) * 1000),
        },
      };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? "expired" : "invalid" };
    }
  }
}
