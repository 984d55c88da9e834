import { CompiledQuery, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { LIST_REACH, type TotalAccuracy } from "../../shared/lists/list-reach.ts";

// biome-ignore lint/suspicious/noExplicitAny: any list's rows, whatever tables they join.
type AnyRows = SelectQueryBuilder<any, any, any>;

export interface ListTotal {
  totalRecords: number;
  totalAccuracy: TotalAccuracy;
}

/**
 * How many rows a list's conditions match. Counted exactly up to LIST_REACH (the rows a pager
 * can reach); past that, the planner's estimate, so a page view never counts a whole network's
 * patients. `rows` is the list's FROM and WHERE with no columns chosen yet.
 */
export async function listTotal(db: Kysely<unknown>, rows: AnyRows): Promise<ListTotal> {
  const probe = rows.select(sql`1`.as("one")).limit(LIST_REACH + 1);
  const counted = (await db
    .selectFrom(probe.as("reachable"))
    .select(sql<string>`count(*)`.as("n"))
    .executeTakeFirstOrThrow()) as { n: string | number };
  const exact = Number(counted.n);
  if (exact <= LIST_REACH) return { totalRecords: exact, totalAccuracy: "exact" };
  const estimate = await plannedRows(db, rows.select(sql`1`.as("one")));
  // The estimate can be low for a filtered list; there are at least LIST_REACH + 1 rows.
  return { totalRecords: Math.max(estimate, LIST_REACH + 1), totalAccuracy: "about" };
}

/** The row count PostgreSQL's planner expects a query to return (EXPLAIN, not run). */
async function plannedRows(db: Kysely<unknown>, query: AnyRows): Promise<number> {
  const compiled = query.compile();
  const result = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as [{ Plan: { "Plan Rows": number } }];
  return Math.round(plan[0]?.Plan?.["Plan Rows"] ?? 0);
}
