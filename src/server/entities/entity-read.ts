import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { likePattern } from "../db/like-pattern.ts";
import { type ListTotal, listTotal } from "../db/list-total.ts";
import type { AnySelect, EntityDefinition, EntityJson, Row } from "./entity-definition.ts";
import type { EntityModel, SortTarget } from "./entity-model.ts";
import { relationIds } from "./entity-relations.ts";
import { afterCursor, decodeCursor, encodeCursor } from "./list-cursor.ts";

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
  let q = query.selectAll("e");
  const owner = sql.ref(def.relationOwner?.expression ?? "e.id");
  const computedSql = { ...def.computed, ...def.computedFor?.(viewer) };
  for (const field of model.fields) {
    if (field.kind === "relation") q = q.select(relationIds(field.relation, owner).as(`rel_${field.field}`));
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
  let query = withServedValues(entityRows(db, def, model), def, model, opts.viewer ?? null)
    .where("e.id", "in", ids)
    .orderBy("e.id");
  for (const predicate of opts.where ?? []) query = query.where(predicate);
  const rows = (await query.execute()) as Row[];
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

/** Matches the search text in the table's search fields, in "first last" full names, and the definition's own matches. */
export function searchPredicate(
  def: EntityDefinition,
  model: EntityModel,
  search: string,
  viewer: RequestUser | null = null,
): RawBuilder<SqlBool> {
  const pattern = likePattern(search);
  const tests = model.search.targets.map((t) => sql`${targetExpression(def, t, true)} ilike ${pattern} escape '\\'`);
  if (model.search.fullName) {
    const first = model.byName.get("first_name");
    const last = model.byName.get("last_name");
    if (first?.kind === "column" && last?.kind === "column") {
      tests.push(
        sql`(${sql.ref(`e.${first.column}`)} || ' ' || ${sql.ref(`e.${last.column}`)}) ilike ${pattern} escape '\\'`,
      );
    }
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
}

export interface EntityPage extends ListTotal {
  rows: EntityJson[];
  /** Where the next page starts, when this page is full; null on the last page and for whole lists. */
  nextCursor: string | null;
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

  const keys = [...(page.sort ? [targetExpression(def, page.sort.target)] : []), ...(def.tieBreak ?? []), sql`e.id`];
  const against = page.order === "desc" ? "asc" : "desc";
  // Every key runs in the list's order, but a reversed sort key (newest alert first) runs against it.
  const directions = keys.map((_, i) => (i === 0 && page.sort?.target.reversed ? against : page.order));
  const scope = { sort: page.sort?.field ?? "", order: page.order };
  let positioned = base;
  if (page.after)
    positioned = positioned.where(afterCursor(keys, decodeCursor(page.after, scope, keys.length), directions));

  let idsQuery = positioned.select([
    sql<number>`e.id`.as("id"),
    ...keys.map((key, i) => sql`(${key})::text`.as(`k${i}`)),
  ]);
  keys.forEach((key, i) => {
    idsQuery = idsQuery.orderBy(sql`${key} ${sql.raw(directions[i] === "desc" ? "desc" : "asc")} nulls last`);
  });
  if (page.window) idsQuery = idsQuery.limit(page.window.limit).offset(page.window.offset);

  const [found, total] = await Promise.all([
    idsQuery.execute() as Promise<Row[]>,
    page.window ? listTotal(db as Kysely<unknown>, base) : null,
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
    ...(total ?? { totalRecords: rows.length, totalAccuracy: "exact" as const }),
    nextCursor: full
      ? encodeCursor(
          scope,
          keys.map((_, i) => (last[`k${i}`] as string | null) ?? null),
        )
      : null,
  };
}
