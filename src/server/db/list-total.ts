import { CompiledQuery, type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import { LIST_REACH, type TotalAccuracy } from "../../shared/lists/list-reach.ts";
import { EstimateCache } from "./estimate-cache.ts";

// biome-ignore lint/suspicious/noExplicitAny: any list's rows, whatever tables they join.
type AnyRows = SelectQueryBuilder<any, any, any>;

export interface ListTotal {
  totalRecords: number;
  totalAccuracy: TotalAccuracy;
}

/**
 * Past this many estimated rows a list is answered "about" without counting. Counting even up to
 * LIST_REACH reads 10,000 rows (and their access checks) on every page view of a large list; the
 * planner's estimate of a list this far past the reach is not that wrong (docs/benchmarks.md).
 */
export const COUNT_ABOVE_ESTIMATE = 2 * LIST_REACH;

/**
 * The total a page by number tells by itself: one that came out short (fewer rows than asked,
 * and not an empty page past the end) ends the list, so offset + rows is exact with no count.
 * Null when it does not tell (a full page, or an empty one past the first).
 */
export function shortPageTotal(window: { limit: number; offset: number }, found: number): number | null {
  return found < window.limit && (found > 0 || window.offset === 0) ? window.offset + found : null;
}

/**
 * How many rows a list's conditions match. When the planner expects far more than LIST_REACH
 * (the rows a pager can reach), its estimate, without counting; else counted exactly up to
 * LIST_REACH and past that the estimate again, so a page view never counts a whole network's
 * patients. `rows` is the list's FROM and WHERE with no columns chosen yet; `estimate`, when the
 * caller asked for it already (estimatedRows, e.g. while reading the page); `count`, a cheaper
 * count of the same rows, capped past LIST_REACH, to run instead of counting `rows`.
 */
export async function listTotal(
  db: Kysely<unknown>,
  rows: AnyRows,
  known: { estimate?: number; count?: RawBuilder<number> } = {},
): Promise<ListTotal> {
  const estimate = known.estimate ?? (await estimatedRows(db, rows));
  const about = { totalRecords: Math.max(estimate, LIST_REACH + 1), totalAccuracy: "about" as const };
  if (estimate > COUNT_ABOVE_ESTIMATE) return about;
  const probe = rows.select(sql`1`.as("one")).limit(LIST_REACH + 1);
  const counter = known.count
    ? db.selectNoFrom(sql<string>`${known.count}`.as("n"))
    : db.selectFrom(probe.as("reachable")).select(sql<string>`count(*)`.as("n"));
  const counted = (await counter.executeTakeFirstOrThrow()) as { n: string | number };
  const exact = Number(counted.n);
  // The estimate can be low for a filtered list; there are at least LIST_REACH + 1 rows.
  return exact <= LIST_REACH ? { totalRecords: exact, totalAccuracy: "exact" } : about;
}

/** Each database's kept estimates: the same statement on another database is another list. */
const estimateCaches = new WeakMap<Kysely<unknown>, EstimateCache>();

/**
 * The row count PostgreSQL's planner expects a list's conditions to match (EXPLAIN, not run),
 * kept for a minute per statement and values (estimate-cache.ts).
 */
export async function estimatedRows(db: Kysely<unknown>, rows: AnyRows): Promise<number> {
  const compiled = rows.select(sql`1`.as("one")).compile();
  let cache = estimateCaches.get(db);
  if (!cache) {
    cache = new EstimateCache();
    estimateCaches.set(db, cache);
  }
  return cache.get(compiled, () => plannedRows(db, compiled));
}

/** The row count PostgreSQL's planner expects a statement to answer (EXPLAIN, not run). */
export async function plannedRows<DB>(db: Kysely<DB>, compiled: CompiledQuery): Promise<number> {
  const result = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as [{ Plan: { "Plan Rows": number } }];
  return Math.round(plan[0]?.Plan?.["Plan Rows"] ?? 0);
}
