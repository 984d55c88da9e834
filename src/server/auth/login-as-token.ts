import { FAMILY_ID_CLAIM, ID_CLAIM, signHs256, verifyHs256 } from "./hs256-jwt.ts";
import { VerifiedTokens } from "./verified-tokens.ts";

/**
 * Its own audience: a login-as token is never taken for an access token (which would carry the
 * clinician's rights), nor the other way round. docs/security/login-as.md.
 */
const AUDIENCE = "mbc-login-as";

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
  /** Verified once per process, expiry checked on every use (verified-tokens.ts). */
  private readonly verified = new VerifiedTokens<Readonly<Omit<LoginAsClaims, "expiresAt">> & { exp: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds = LOGIN_AS_TTL_SECONDS,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: LoginAsClaims): Promise<string> {
    return signHs256(this.key, {
      audience: AUDIENCE,
      subject: String(claims.respondentId),
      ttlSeconds: this.ttlSeconds,
      claims: { ccau: String(claims.ccauId), act: String(claims.clinicianId), fam: claims.familyId },
    });
  }

  /** The claims, or why not. allowExpired: the return to the clinician, which asks for the password anyway. */
  async verify(
    token: string,
    opts: { allowExpired?: boolean } = {},
  ): Promise<{ ok: true; claims: LoginAsClaims } | { ok: false; reason: "expired" | "invalid" }> {
    if (!opts.allowExpired) {
      const known = this.verified.get(token);
      if (known === "expired") return { ok: false, reason: "expired" };
      if (known) {
        const { exp, ...claims } = known;
        return { ok: true, claims: { ...claims, expiresAt: new Date(exp * 1000) } };
      }
    }
    const verified = await verifyHs256(this.key, token, { audience: AUDIENCE, allowExpired: opts.allowExpired });
    if (!verified.ok) return verified;
    const { sub, ccau, act, fam, exp } = verified.payload;
    if (![sub, ccau, act].every((v) => typeof v === "string" && ID_CLAIM.test(v)))
      return { ok: false, reason: "invalid" };
    if (typeof fam !== "string" || !FAMILY_ID_CLAIM.test(fam)) return { ok: false, reason: "invalid" };
    const claims = { respondentId: Number(sub), ccauId: Number(ccau), clinicianId: Number(act), familyId: fam };
    if (!opts.allowExpired && typeof exp === "number") this.verified.set(token, Object.freeze({ ...claims, exp }), exp);
    return { ok: true, claims: { ...claims, expiresAt: new Date(Number(exp) * 1000) } };
  }
}
