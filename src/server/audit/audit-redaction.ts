import { createHmac } from "node:crypto";

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
  const normalized = value.normalize("NFKC").trim().toLowerCase();
  return `hmac:${createHmac("sha256", secret).update(normalized).digest("hex").slice(0, 32)}`;
}

/** The query as the trail keeps it: paging and sorting as is, every other value keyed-hashed. */
export function redactedQuery(secret: string, query: unknown): Record<string, unknown> | null {
  if (!query || typeof query !== "object") return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === "") continue;
    if (PLAIN_QUERY_KEYS.has(key) && (typeof value === "number" || typeof value === "string")) {
      out[key] = typeof value === "string" ? value.slice(0, 64) : value;
    } else if (typeof value === "number" || typeof value === "boolean") {
      out[key] = value;
    } else {
      out[key] = termHash(secret, typeof value === "string" ? value : JSON.stringify(value));
    }
  }
  return Object.keys(out).length ? out : null;
}
