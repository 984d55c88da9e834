import { createHmac } from "node:crypto";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text PostgreSQL can store: no NUL character, no lone surrogate. */
export function storableText(text: string): boolean {
  return !text.includes("\u0000") && !new RegExp(LONE_SURROGATE.source).test(text);
}

/** Query keys whose values are paging and sorting, never a person's data: kept as they came. */
const PLAIN_QUERY_KEYS = new Set([
  "page",
  "pageSize",
  "sort",
  "order",
  "status",
  "after",
  "from",
  "to",
  "action",
  "view",
  "channel",
]);

/**
 * A keyed hash of a search term or other free text: an auditor holding the server's secret can
 * ask "did anyone search for X" (hash X the same way) but the trail itself never holds X, and
 * without the key a dictionary of names cannot be run against it.
 */
export function termHash(secret: string, value: string): string {
  // toWellFormed: a lone surrogate (malformed input) must not make the hash throw.
  const normalized = value.replace(LONE_SURROGATE, "\uFFFD").normalize("NFKC").trim().toLowerCase();
  return `hmac:${createHmac("sha256", secret).update(normalized).digest("hex").slice(0, 32)}`;
}

/** The query as the trail keeps it: paging and sorting as is, every other value keyed-hashed. */
export function redactedQuery(secret: string, query: unknown): Record<string, unknown> | null {
  if (!query || typeof query !== "object") return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === "") continue;
    if (typeof value === "number" && !Number.isFinite(value)) {
      out[key] = termHash(secret, String(value));
    } else if (PLAIN_QUERY_KEYS.has(key) && typeof value === "number") {
      out[key] = value;
    } else if (PLAIN_QUERY_KEYS.has(key) && typeof value === "string" && /^[\w.:+-]{0,64}$/.test(value)) {
      // Paging, sorting and codes as typed; anything else under these keys (malformed input) is hashed.
      out[key] = value;
    } else if (typeof value === "number" || typeof value === "boolean") {
      out[key] = value;
    } else {
      out[key] = termHash(secret, typeof value === "string" ? value : JSON.stringify(value));
    }
  }
  return Object.keys(out).length ? out : null;
}
