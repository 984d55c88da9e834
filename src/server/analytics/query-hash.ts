import { createHash } from "node:crypto";
import type { AnalyticsQuery } from "../../../generated/types/api/analytics-query.ts";
import { effectiveQuery } from "./effective-query.ts";

/**
 * A saved query's fingerprint (issue 13 §1): the same definition always gives the same hash, so a
 * figure in a board report can be traced to the exact query that made it and re-run. Normalised
 * first: lists are sets (their order means nothing), a field left at its default reads as the
 * default (the schema fills defaults), fields that take no effect are dropped (effective-query.ts), so two queries that select the same records hash alike.
 */
export interface QueryDefinition {
  query: AnalyticsQuery;
  columns: readonly string[];
}

/** Sorted copies of the set-like lists; the column list keeps its order (it is the table's). */
export function normalised(def: QueryDefinition): unknown {
  const sortedKeys = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sortedKeys);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(effectiveQuery(def.query))) {
    query[key] = Array.isArray(value) ? [...value].sort((a, b) => String(a).localeCompare(String(b))) : value;
  }
  return sortedKeys({ query, columns: [...def.columns] });
}

/** 16 hex digits of the SHA-256 of the normalised definition's JSON. */
export function queryHash(def: QueryDefinition): string {
  return createHash("sha256")
    .update(JSON.stringify(normalised(def)))
    .digest("hex")
    .slice(0, 16);
}
