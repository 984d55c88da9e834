import { type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import { type PageQuery, pageWindow } from "../http/paging.ts";

export interface AccountPageRequest extends PageQuery {
  /** Filters over `u`, applied to the page and to the count alike. */
  where: readonly RawBuilder<SqlBool>[];
  /** The column the person sorted by; blanks sort last whatever the direction. */
  sortBy: RawBuilder<unknown>;
  order?: "asc" | "desc";
}

/**
 * One page of a settings account list (clinical users, patient users) and how many accounts
 * match in all. `rows` selects the accounts of `userType` as `app_user as u`; the count is taken
 * over the same type and filters, so the pager never disagrees with the page. Ties in the sort
 * fall back to last name, first name, then id, so paging through equal values is stable.
 */
export async function accountPage<DB, TB extends keyof DB, O>(
  db: Kysely<Database>,
  userType: "clinical" | "patient",
  rows: SelectQueryBuilder<DB, TB, O>,
  request: AccountPageRequest,
) {
  const { limit, offset } = pageWindow(request);
  const direction = sql.raw(request.order === "desc" ? "desc" : "asc");
  let page = rows;
  let count = db.selectFrom("app_user as u").where("u.user_type", "=", userType).select(sql<number>`count(*)`.as("n"));
  for (const predicate of request.where) {
    page = page.where(predicate);
    count = count.where(predicate);
  }
  const [found, total] = await Promise.all([
    page
      .orderBy(sql`${request.sortBy} ${direction} nulls last`)
      .orderBy(sql`lower(u.last_name) ${direction}`)
      .orderBy(sql`lower(u.first_name) ${direction}`)
      .orderBy(sql`u.id`)
      .limit(limit)
      .offset(offset)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: found, totalRecords: Number(total.n) };
}
