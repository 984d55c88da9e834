import { createHmac, randomBytes } from "node:crypto";
import type { CompiledQuery } from "kysely";
import { LRUCache } from "lru-cache";

/**
 * How long a list's planner estimate is reused. The estimate moves only when PostgreSQL's
 * statistics do (ANALYZE, autovacuum), so a minute-old one is as good as a new one; asking again
 * costs a round trip and a planning of the list's statement on every page view (about a tenth of
 * an admin's first page: docs/benchmarks.md).
 */
export const ESTIMATE_TTL_MS = 60_000;

/**
 * Planner estimates of list statements, kept per node for ESTIMATE_TTL_MS. An estimate only
 * decides whether a list is counted (list-total.ts): a list counted is counted exactly, and one
 * answered "about" says so, so a kept estimate never makes a total wrong, at most a minute old.
 *
 * The key is a keyed hash of the statement and its values (the caller's id, a search text), with a
 * key drawn when the process starts: the cache holds no search text, and its keys cannot be
 * matched against guessed names.
 */
export class EstimateCache {
  private readonly key = randomBytes(32);
  private readonly entries: LRUCache<string, number>;

  constructor(opts: { max?: number; ttlMs?: number } = {}) {
    this.entries = new LRUCache({ max: opts.max ?? 1000, ttl: opts.ttlMs ?? ESTIMATE_TTL_MS });
  }

  /** The estimate kept for this statement, or `estimate()`'s, then kept. */
  async get(compiled: CompiledQuery, estimate: () => Promise<number>): Promise<number> {
    const key = createHmac("sha256", this.key)
      .update(compiled.sql)
      .update("\0")
      .update(JSON.stringify(compiled.parameters))
      .digest("base64url");
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const fresh = await estimate();
    this.entries.set(key, fresh);
    return fresh;
  }
}
