/**
 * Tokens whose signature and claims have verified, by their exact text, with their expiry.
 * A client sends the same access token with every request for its whole lifetime, and checking
 * an HS256 signature costs a WebCrypto job on every request (about a tenth of a patient read's
 * CPU). What a token says and whether its signature is ours never change, so they are checked
 * once per process; its expiry is checked on every use. Whether the session behind it is still
 * alive is not kept here: load-user.ts reads that from the database on every request, so a
 * sign-out still ends the token at once.
 *
 * Only successes are kept (a failure may be a token that is not valid *yet*), so nothing an
 * attacker sends can fill it with entries; at most `max` tokens are kept, the oldest dropped first.
 */
export class VerifiedTokens<Claims> {
  private readonly entries = new Map<string, { claims: Claims; expiresAt: number }>();

  constructor(private readonly max = 10_000) {}

  /**
   * The claims of a token verified before; "expired" once its exp has passed (as jose decides it:
   * exp at or before the current second); undefined when the token was never verified here.
   */
  get(token: string): Claims | "expired" | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= Math.floor(Date.now() / 1000)) {
      this.entries.delete(token);
      return "expired";
    }
    return entry.claims;
  }

  /** Keeps a token that has just verified; expiresAt: its exp claim (seconds). */
  set(token: string, claims: Claims, expiresAt: number): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { claims, expiresAt });
  }
}
