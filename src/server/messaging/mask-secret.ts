/**
 * How the admin outbox shows a message that carries a secret (a setup or reset link, an access
 * code): the secret masked, the rest as sent (issue 8 §4). An admin who could read live links
 * and codes could become any user; the live secret goes only to the transport (email, SMS).
 */
export const MASK = "••••";

/** A link's `token` (or `key`) parameters masked; anything that is not a URL is masked whole. */
export function maskedSecret(secret: string): string {
  try {
    const url = new URL(secret);
    if (url.search === "") return MASK;
    // Built by hand: URLSearchParams would percent-encode the mask.
    const params = [...url.searchParams.keys()].map((name) => `${name}=${MASK}`).join("&");
    return `${url.origin}${url.pathname}?${params}`;
  } catch {
    return MASK;
  }
}

/** The text with every copy of the secret replaced by its masked form. */
export function maskIn(text: string, secret: string | null): string;
export function maskIn(text: string | null, secret: string | null): string | null;
export function maskIn(text: string | null, secret: string | null): string | null {
  if (text === null || !secret) return text;
  return text.split(secret).join(maskedSecret(secret));
}
