import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { likePattern } from "../db/like-pattern.ts";
import { estimatedRows, type ListTotal, listTotal, shortPageTotal } from "../db/list-total.ts";
import { readRecords } from "./compiled-record-read.ts";
import type { AnySelect, EntityDefinition, EntityJson, Row } from "./entity-definition.ts";
import type { EntityModel, SortTarget } from "./entity-model.ts";
import { relationIds } from "./entity-relations.ts";
import { afterCursor, cursorParts, decodeCursor, encodeCursor, type OrderKey } from "./list-cursor.ts";

/** The rows an entity reads from: its definition's `from`, or its table as `e`. */
export function entityRows(db: Kysely<Database>, def: EntityDefinition, model: EntityModel): AnySelect {
  // biome-ignore lint/suspicious/noExplicitAny: the table is named by the entity schema.
  return def.from ? def.from(db) : (db as Kysely<any>).selectFrom(`${model.table} as e`);
}

function iso(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** Adds every served value: the row, its computed fields (as `viewer` sees them) and its relations. */
function withServedValues(
  query: AnySelect,
  def: EntityDefinition,
  model: EntityModel,
  viewer: RequestUser | null,
): AnySelect {
  // Only the columns the record serves (and `extra` when a field lives there): a table's own
  // bookkeeping (uuid, created_by, created_at, updated_at, ...) would be sent, parsed into Dates
  // and dropped on every row of every read.
  const columns = new Set(model.fields.flatMap((f) => (f.kind === "column" ? [f.column] : [])));
  if (model.fields.some((f) => f.kind === "extra")) columns.add("extra");
  let q = query.select([...columns].map((column) => sql.ref(`e.${column}`).as(column)));
  const owner = sql.ref(def.relationOwner?.expression ?? "e.id");
  const computedSql = { ...def.computed, ...def.computedFor?.(viewer) };
  for (const field of model.fields) {
    if (field.kind === "relation") {
      const ids = def.keptRelations?.[field.field] ?? relationIds(field.relation, owner);
      q = q.select(ids.as(`rel_${field.field}`));
    }
    const computed = field.kind === "computed" || field.kind === "hook" ? computedSql[field.field] : undefined;
    if (computed) q = q.select(computed.as(`calc_${field.field}`));
  }
  return q;
}

/** Shapes one row in the order of the entity's properties. */
export function toEntityJson(def: EntityDefinition, model: EntityModel, bundle: SchemaBundle, row: Row): EntityJson {
  const extra = (row.extra ?? {}) as Row;
  const out: Row = {};
  for (const field of model.fields) {
    if (field.kind === "column") {
      const value = iso(row[field.column]) ?? null;
      // An optional enum left empty is absent, so the record as read is a valid body to save back.
      if (value !== null || field.nullable || field.readOnly) out[field.field] = value;
    } else if (field.kind === "relation") out[field.field] = row[`rel_${field.field}`] ?? [];
    else if (field.kind === "computed" || field.kind === "hook") {
      const key = `calc_${field.field}`;
      if (key in row) out[field.field] = iso(row[key]) ?? null;
    } else if (extra[field.field] !== undefined) {
      // An extra field never saved is left out rather than sent as null, which its schema may not allow.
      out[field.field] = extra[field.field];
    }
  }
  return (def.finish ? def.finish(out, bundle) : out) as EntityJson;
}

export interface ReadOptions {
  /** Extra conditions, e.g. the caller's visibility; writes that checked it already pass none. */
  where?: RawBuilder<SqlBool>[];
  /** Who reads, for the definition's `computedFor` fields; none: the engine's own reads. */
  viewer?: RequestUser | null;
}

/**
 * The records' ids as one condition. A page's ids are one array parameter, not a list of them:
 * the text is the same for every page size, so it is prepared and planned once
 * (db/prepared-statements.ts) instead of once per length. One record (the patient read, the hot
 * path) is an equality: read through `= any($1)` it ran at half the throughput (988 against
 * 2,483 req/s on the 100,000-patient network; docs/benchmarks.md, Query plans). Answers the
 * condition and its one parameter's value (compiled-record-read.ts puts it in a kept text).
 */
function idsPredicate(ids: number[]): { sql: RawBuilder<SqlBool>; value: number | number[] } {
  const [one] = ids;
  if (ids.length === 1 && one !== undefined) return { sql: sql<SqlBool>`e.id = ${one}`, value: one };
  return { sql: sql<SqlBool>`e.id = any(${ids}::bigint[])`, value: ids };
}

/** Records by id, in id order. */
export async function readEntities(
  db: Kysely<Database>,
  def: EntityDefinition,
  model: EntityModel,
  bundle: SchemaBundle,
  ids: number[],
  opts: ReadOptions = {},
): Promise<EntityJson[]> {
  if (ids.length === 0) return [];
  const predicate = idsPredicate(ids);
  const build = () => {
    let query = withServedValues(entityRows(db, def, model), def, model, opts.viewer ?? null)
      .where(predicate.sql)
      .orderBy("e.id");
    for (const condition of opts.where ?? []) query = query.where(condition);
    return query;
  };
  const rows = await readRecords(db, def, model, predicate.value, opts.where ?? [], build);
  return rows.map((row) => toEntityJson(def, model, bundle, row));
}

/** The SQL a sort or search target reads. */
function targetExpression(def: EntityDefinition, target: SortTarget, forText = false): RawBuilder<unknown> {
  if (target.kind === "computed") {
    const computed = def.computed?.[target.field] ?? sql`null`;
    return forText ? sql`(${computed})::text` : computed;
  }
  if (target.kind === "column") {
    const column = sql.ref(`e.${target.column}`);
    if (forText) return sql`${column}::text`;
    return target.text ? sql`lower(${column})` : sql`${column}`;
  }
  const key = sql.val(target.key);
  if (forText) return sql`(e.extra ->> ${key})`;
  // A value stored before the schema changed its type sorts as blank instead of failing the cast.
  if (target.numeric)
    return sql`(case when jsonb_typeof(e.extra -> ${key}) = 'number' then (e.extra ->> ${key})::numeric end)`;
  return sql`lower(e.extra ->> ${key})`;
}

/**
 * Matches the search text in the table's search fields, in "first last" full names, and the
 * definition's own matches. When both names are NOT NULL, "first last" contains each of them, so
 * it alone stands for the three (one trigram index serves it: migration 0021).
 */
export function searchPredicate(
  def: EntityDefinition,
  model: EntityModel,
  search: string,
  viewer: RequestUser | null = null,
): RawBuilder<SqlBool> {
  const pattern = likePattern(search);
  const first = model.byName.get("first_name");
  const last = model.byName.get("last_name");
  const fullName =
    model.search.fullName && first?.kind === "column" && last?.kind === "column" ? { first, last } : null;
  const covered = new Set(
    fullName && def.notNull?.includes("first_name") && def.notNull.includes("last_name")
      ? [fullName.first.column, fullName.last.column]
      : [],
  );
  const tests = model.search.targets
    .filter((t) => !(t.kind === "column" && covered.has(t.column)))
    .map((t) => sql`${targetExpression(def, t, true)} ilike ${pattern} escape '\\'`);
  if (fullName) {
    tests.push(
      sql`(${sql.ref(`e.${fullName.first.column}`)} || ' ' || ${sql.ref(`e.${fullName.last.column}`)}) ilike ${pattern} escape '\\'`,
    );
  }
  tests.push(...(def.searchAlso?.(pattern, viewer) ?? []));
  if (tests.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}

export interface PageRequest {
  where: RawBuilder<SqlBool>[];
  /** The sort field's name (for cursors) and how it sorts; null: the definition's order. */
  sort: { field: string; target: SortTarget } | null;
  order: "asc" | "desc";
  /** null: every matching row (the small lists pickers read whole). */
  window: { limit: number; offset: number } | null;
  /** A previous page's nextCursor: the rows after its last one (the window's offset is then 0). */
  after?: string;
  /** Who reads, for the definition's `computedFor` fields. */
  viewer?: RequestUser | null;
  /** A cheaper count of the rows `where` admits, capped past LIST_REACH (ListScope.visibleCount). */
  count?: RawBuilder<number>;
  /** A search narrows the list: when it matches few rows, they are all found first, then sorted (SELECTIVE_SEARCH_ROWS). */
  searched?: boolean;
}

/**
 * A search the planner expects to match at most this many rows is read by finding every match
 * (the search's trigram index), then sorting them for the page, instead of walking the sort's
 * index and testing each row. The planner prefers the walk because it expects matches spread
 * evenly along the sort order; they are not (names containing "mor" cluster under M): on the
 * 100,000-patient network the first page of "Mor" walked 14,486 patients for its 25, 19 ms,
 * against 7.8 ms finding its 2,293 matches and sorting them (docs/benchmarks.md). Past this many
 * matches the walk finds 25 soon and sorting them all would cost more.
 */
export const SELECTIVE_SEARCH_ROWS = 5_000;

export interface EntityPage extends ListTotal {
  rows: EntityJson[];
  /** Where the next page starts, when this page is full; null on the last page and for whole lists. */
  nextCursor: string | null;
}

/** The SQL of an order key, with its spaces and quotes gone: two spellings of one expression compare equal. */
function sameKey(db: Kysely<Database>, a: RawBuilder<unknown>, b: RawBuilder<unknown>): boolean {
  const text = (k: RawBuilder<unknown>) => {
    const compiled = k.compile(db);
    return `${compiled.sql.replace(/["\s]/g, "")}|${JSON.stringify(compiled.parameters)}`;
  };
  return text(a) === text(b);
}

/**
 * The keys a list is ordered by: the sort key, the definition's tie-break, then id, each in the
 * list's order (a reversed sort key against it). A tie-break key that is the sort key again is
 * left out: it could never decide, and an index in the list's order has it once.
 */
function orderKeys(db: Kysely<Database>, def: EntityDefinition, page: PageRequest): OrderKey[] {
  const against = page.order === "desc" ? "asc" : "desc";
  const keys: OrderKey[] = [];
  if (page.sort) {
    const { field, target } = page.sort;
    keys.push({
      sql: targetExpression(def, target),
      direction: target.reversed ? against : page.order,
      notNull: target.kind === "column" && (def.notNull?.includes(field) ?? false),
    });
  }
  for (const key of def.tieBreak ?? []) {
    if (keys[0] && sameKey(db, keys[0].sql, key)) continue;
    keys.push({ sql: key, direction: page.order, notNull: true });
  }
  keys.push({ sql: sql`e.id`, direction: page.order, notNull: true });
  return keys;
}

/**
 * One page of records and how many match, both under the same conditions. Ties fall back to the
 * definition's order (names), then id, so paging is stable and every row has a unique position.
 * The page's ids are found first, over the order keys alone, and only those rows are then read
 * whole: computed fields and relations are never worked out for rows the page skips.
 */
export async function readPage(
  db: Kysely<Database>,
  def: EntityDefinition,
  model: EntityModel,
  bundle: SchemaBundle,
  page: PageRequest,
): Promise<EntityPage> {
  let base = entityRows(db, def, model);
  for (const predicate of page.where) base = base.where(predicate);

  const keys = orderKeys(db, def, page);
  const scope = { sort: page.sort?.field ?? "", order: page.order };
  // The rows after a cursor (exactly: afterCursor), in parts an index can each start from.
  let parts: AnySelect[] = [base];
  if (page.after) {
    const values = decodeCursor(page.after, scope, keys.length);
    const after = afterCursor(
      keys.map((k) => k.sql),
      values,
      keys.map((k) => k.direction),
    );
    parts = cursorParts(keys, values).map((start) => (start ? base.where(after).where(start) : base.where(after)));
  }

  // A NOT NULL key leaves its nulls order implicit (last ascending, first descending: it has
  // none), so one index in the list's order serves both orders, walked backwards for the other.
  const ordering = (key: OrderKey) => sql.raw(`${key.direction}${key.notNull ? "" : " nulls last"}`);
  const idsOf = async (rows: AnySelect, limit: number | null, matchesFirst: boolean): Promise<Row[]> => {
    const columns = [sql<number>`e.id`.as("id"), ...keys.map((key, i) => sql`(${key.sql})::text`.as(`k${i}`))];
    let query: AnySelect;
    if (matchesFirst) {
      // Every match found inside the fence (OFFSET 0 keeps the planner from walking the sort
      // order through it), then ordered outside by the keys' own values, not their text.
      const matches = rows.select([...columns, ...keys.map((key, i) => key.sql.as(`o${i}`))]).offset(0);
      query = db.selectFrom(matches.as("m")).select(["m.id", ...keys.map((_, i) => `m.k${i}`)]);
      keys.forEach((key, i) => {
        query = query.orderBy(sql`${sql.ref(`m.o${i}`)} ${ordering(key)}`);
      });
    } else {
      query = rows.select(columns);
      for (const key of keys) query = query.orderBy(sql`${key.sql} ${ordering(key)}`);
    }
    if (limit !== null) query = query.limit(limit).offset(page.window?.offset ?? 0);
    return (await query.execute()) as Row[];
  };
  const readIds = async (matchesFirst: boolean): Promise<Row[]> => {
    const limit = page.window?.limit ?? null;
    const rows: Row[] = [];
    for (const part of parts) {
      rows.push(...(await idsOf(part, limit === null ? null : limit - rows.length, matchesFirst)));
      if (limit !== null && rows.length >= limit) break;
    }
    return rows;
  };

  // The planner's estimate of the matches: a large list is answered "about" without counting it
  // (list-total.ts). A searched page needs it first (how to read it: SELECTIVE_SEARCH_ROWS; it is
  // usually kept already, estimate-cache.ts); any other page asks it while the page is read.
  const estimating = page.window ? estimatedRows(db as Kysely<unknown>, base) : null;
  const searchEstimate = page.searched && estimating ? await estimating : null;
  const [found, estimate] = await Promise.all([
    readIds(searchEstimate !== null && searchEstimate <= SELECTIVE_SEARCH_ROWS),
    estimating,
  ]);
  const ids = found.map((row) => Number(row.id));
  const byId = new Map(
    (await readEntities(db, def, model, bundle, ids, { viewer: page.viewer ?? null })).map((r) => [r.id, r]),
  );
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const last = found.at(-1);
  const full = page.window !== null && last !== undefined && found.length === page.window.limit;
  return {
    rows,
    ...(await pageTotal(db, base, page, found.length, estimate)),
    nextCursor: full
      ? encodeCursor(
          scope,
          keys.map((_, i) => (last[`k${i}`] as string | null) ?? null),
        )
      : null,
  };
}

/**
 * How many rows match: a page by number that came out short ends the list, so it tells the
 * total exactly with no count; otherwise listTotal (an estimate past the reach, else a count).
 */
async function pageTotal(
  db: Kysely<Database>,
  base: AnySelect,
  page: PageRequest,
  found: number,
  estimate: number | null,
): Promise<ListTotal> {
  if (!page.window || estimate === null) return { totalRecords: found, totalAccuracy: "exact" };
  const told = page.after ? null : shortPageTotal(page.window, found);
  if (told !== null) return { totalRecords: told, totalAccuracy: "exact" };
  return listTotal(db as Kysely<unknown>, base, { estimate, count: page.count });
}
