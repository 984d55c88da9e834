import { ID_CLAIM, signHs256, verifyHs256 } from "../auth/hs256-jwt.ts";
import { VerifiedTokens } from "../auth/verified-tokens.ts";

/**
 * Its own audience: a PDF token is never taken for an access token (which would carry the
 * requester's rights everywhere), nor the other way round (docs/documents.md, Security).
 */
const AUDIENCE = "mbc-pdf";

/** Long enough for a 50-page report to load and print, short enough to be useless afterwards. */
export const PDF_TOKEN_TTL_SECONDS = 5 * 60;

export interface PdfClaims {
  /** The person who asked for the document: the audit trail names them. */
  requesterId: number;
  /** The one document (and so the one report) the token may read. */
  documentId: number;
}

/** The tokens of the headless browser rendering one document, after its pdf key is spent (HS256). */
export class PdfTokens {
  private readonly key: Uint8Array;
  private readonly verified = new VerifiedTokens<Readonly<PdfClaims>>(1000);

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: PdfClaims): Promise<string> {
    return signHs256(this.key, {
      audience: AUDIENCE,
      subject: String(claims.requesterId),
      ttlSeconds: PDF_TOKEN_TTL_SECONDS,
      claims: { doc: String(claims.documentId) },
    });
  }

  async verify(token: string): Promise<{ ok: true; claims: PdfClaims } | { ok: false; reason: "expired" | "invalid" }> {
    const known = this.verified.get(token);
    if (known === "expired") return { ok: false, reason: "expired" };
    if (known) return { ok: true, claims: { ...known } };
    const verified = await verifyHs256(this.key, token, { audience: AUDIENCE });
    if (!verified.ok) return verified;
    const { sub, doc, exp } = verified.payload;
    if (![sub, doc].every((v) => typeof v === "string" && ID_CLAIM.test(v))) return { ok: false, reason: "invalid" };
    const claims = Object.freeze({ requesterId: Number(sub), documentId: Number(doc) });
    if (typeof exp === "number") this.verified.set(token, claims, exp);
    return { ok: true, claims: { ...claims } };
  }
}
