import { PdfTokens } from "../documents/pdf-token.ts";
import { FAMILY_ID_CLAIM, ID_CLAIM, signHs256, verifyHs256 } from "./hs256-jwt.ts";
import { LoginAsTokens } from "./login-as-token.ts";
import { VerifiedTokens } from "./verified-tokens.ts";

const AUDIENCE = "mbc-api";

export interface AccessClaims {
  sub: string;
  /** Refresh-token family this access token was issued with; logout revokes the family. */
  fam: string;
}

/** Short-lived, stateless access tokens (HS256). Revocation rides on the refresh-token family. */
export class AccessTokens {
  private readonly key: Uint8Array;
  /** Tokens already verified in this process: their signature is checked once, their expiry every time. */
  private readonly verified = new VerifiedTokens<Readonly<AccessClaims>>();
  /** The tokens of a device handed to a respondent (login-as), signed with the same secret. */
  readonly loginAs: LoginAsTokens;
  /** The tokens of the headless browser rendering one PDF document (documents/pdf-token.ts). */
  readonly pdf: PdfTokens;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.loginAs = new LoginAsTokens(secret);
    this.pdf = new PdfTokens(secret);
  }

  sign(userId: number, familyId: string): Promise<string> {
    return signHs256(this.key, {
      audience: AUDIENCE,
      subject: String(userId),
      ttlSeconds: this.ttlSeconds,
      claims: { fam: familyId },
    });
  }

  /**
   * The claims, or why not: "expired" or "invalid". allowExpired: also accept a token whose only
   * fault is its expiry (sign-out names the session to end with it).
   */
  async verify(
    token: string,
    opts: { allowExpired?: boolean } = {},
  ): Promise<{ ok: true; claims: AccessClaims } | { ok: false; reason: "expired" | "invalid" }> {
    if (!opts.allowExpired) {
      const known = this.verified.get(token);
      if (known === "expired") return { ok: false, reason: "expired" };
      if (known) return { ok: true, claims: { ...known } };
    }
    const verified = await verifyHs256(this.key, token, { audience: AUDIENCE, allowExpired: opts.allowExpired });
    if (!verified.ok) return verified;
    const { sub, fam, exp } = verified.payload;
    // Anything else is a token we did not sign as such: refused as invalid (401), never passed on
    // to a query that would fail on it (issue 8 §5).
    if (typeof sub !== "string" || !ID_CLAIM.test(sub)) return { ok: false, reason: "invalid" };
    if (typeof fam !== "string" || !FAMILY_ID_CLAIM.test(fam)) return { ok: false, reason: "invalid" };
    // exp is a number here (verifyHs256 requires it); an expired token (allowExpired) is not kept.
    if (!opts.allowExpired && typeof exp === "number") this.verified.set(token, Object.freeze({ sub, fam }), exp);
    return { ok: true, claims: { sub, fam } };
  }
}
