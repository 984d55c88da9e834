import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { LibraryRow } from "../../../generated/types/api/responses/library-row.ts";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import type { Database } from "../db/database-types.ts";
import { likePattern } from "../db/like-pattern.ts";

export interface LibraryFilter {
  search?: string;
  condition?: string;
  respondent?: string;
  starred?: boolean;
}

/** One row of the library list: schemas/api/responses/library-row.json. */
export type { LibraryRow };

/** A user's star wins; without one, the definition's starred-by-default flag. */
function starredExpression(): RawBuilder<boolean> {
  return sql<boolean>`coalesce(ms.starred, (m.definition ->> 'starred')::boolean, false)`;
}

function withStar(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("measure as m")
    .leftJoin("measure_star as ms", (j) => j.onRef("ms.measure_id", "=", "m.id").on("ms.user_id", "=", userId));
}

function filters(filter: LibraryFilter): RawBuilder<SqlBool>[] {
  const out: RawBuilder<SqlBool>[] = [sql<SqlBool>`m.in_library`];
  if (filter.search) {
    const p = likePattern(filter.search);
    out.push(sql<SqlBool>`(m.abbreviation ilike ${p} escape '\\' or m.short_name ilike ${p} escape '\\'
      or m.name ilike ${p} escape '\\' or m.condition ilike ${p} escape '\\')`);
  }
  if (filter.condition) out.push(sql<SqlBool>`lower(m.condition) = lower(${filter.condition})`);
  if (filter.respondent) out.push(sql<SqlBool>`m.respondent = ${filter.respondent}`);
  if (filter.starred !== undefined) out.push(sql<SqlBool>`${starredExpression()} = ${filter.starred}`);
  return out;
}

/** One page of the library for a user (their stars applied), in abbreviation order, and the count of all that match. */
export async function listLibrary(
  db: Kysely<Database>,
  userId: number,
  filter: LibraryFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: LibraryRow[]; totalRecords: number }> {
  let base = withStar(db, userId);
  for (const predicate of filters(filter)) base = base.where(predicate);
  const rows = await base
    .select([
      "m.id",
      "m.definition_id as measure_id",
      "m.abbreviation",
      "m.short_name",
      "m.name",
      "m.condition",
      "m.respondent",
      "m.question_count",
      "m.license_status",
      starredExpression().as("starred"),
      sql<boolean>`m.discontinued_at is not null`.as("discontinued"),
    ])
    .orderBy(sql`lower(m.abbreviation)`)
    .orderBy("m.id")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const count = await base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  return { rows, totalRecords: Number(count.n) };
}

/** The conditions the library offers as a filter, in name order. */
export async function libraryConditions(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("measure")
    .select("condition")
    .distinct()
    .where("in_library", "=", true)
    .where("condition", "is not", null)
    .orderBy("condition")
    .execute();
  return rows.map((r) => r.condition as string);
}

/** One library entry with the user's star, its current definition and the measure that replaces it. */
export async function loadLibraryEntry(db: Kysely<Database>, userId: number, measureId: number) {
  const row = await withStar(db, userId)
    .leftJoin("measure as r", "r.id", "m.replaced_by")
    .select([
      "m.id",
      "m.definition",
      "m.version",
      "m.in_library",
      "m.discontinued_at",
      "r.id as replacement_id",
      "r.abbreviation as replacement_abbreviation",
      starredExpression().as("starred"),
    ])
    .where("m.id", "=", measureId)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, definition: row.definition as MeasureDefinition };
}

/** Stars or unstars a measure for one user; false when the measure does not exist. */
export async function setStar(db: Kysely<Database>, userId: number, measureId: number, starred: boolean) {
  const exists = await db.selectFrom("measure").select("id").where("id", "=", measureId).executeTakeFirst();
  if (!exists) return false;
  await db
    .insertInto("measure_star")
    .values({ user_id: userId, measure_id: measureId, starred })
    .onConflict((oc) => oc.columns(["user_id", "measure_id"]).doUpdateSet({ starred }))
    .execute();
  return true;
}
