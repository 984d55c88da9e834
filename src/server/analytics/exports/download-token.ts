import { FAMILY_ID_CLAIM, ID_CLAIM, signHs256, verifyHs256 } from "../../auth/hs256-jwt.ts";

/** Its own audience: a download link is never taken for an access token, nor the other way round. */
const AUDIENCE = "mbc-export-file";
/** A download link is used at once by the browser that asked for it; a minute is plenty. */
export const DOWNLOAD_TTL_SECONDS = 60;

export interface DownloadClaims {
  userId: number;
  exportId: number;
  /** The session that asked: signing out (or its revocation) ends the link too. */
  familyId: string;
}

/**
 * The signed, short-lived address of an export's file (GET analytics/export/download/{id} answers
 * it; GET analytics/export/file takes it). A browser downloads a file by navigating to it, without
 * the Authorization header, so the link carries who may use it: the owner, their session and the
 * export, signed with the server's token secret (HS256, like the access tokens).
 */
export class DownloadTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(`export-download:${secret}`);
  }

  sign(claims: DownloadClaims): Promise<string> {
    return signHs256(this.key, {
      audience: AUDIENCE,
      subject: String(claims.userId),
      ttlSeconds: DOWNLOAD_TTL_SECONDS,
      claims: { xid: String(claims.exportId), fam: claims.familyId },
    });
  }

  async verify(token: string): Promise<DownloadClaims | null> {
    const verified = await verifyHs256(this.key, token, { audience: AUDIENCE });
    if (!verified.ok) return null;
    const { sub, xid, fam } = verified.payload;
    if (typeof sub !== "string" || !ID_CLAIM.test(sub)) return null;
    if (typeof xid !== "string" || !ID_CLAIM.test(xid)) return null;
    if (typeof fam !== "string" || !FAMILY_ID_CLAIM.test(fam)) return null;
    return { userId: Number(sub), exportId: Number(xid), familyId: fam };
  }
}
