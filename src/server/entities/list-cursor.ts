import { type RawBuilder, type SqlBool, sql } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import { badRequest } from "../http/http-error.ts";

/** The values a list is ordered by, as text, for the last row of a page; null where a value is null. */
export type CursorKeys = (string | null)[];

/** One key a list is ordered by: its SQL, its direction, and whether the table guarantees it is never null. */
export interface OrderKey {
  sql: RawBuilder<unknown>;
  direction: "asc" | "desc";
  notNull: boolean;
}

/** What a cursor was made for: a cursor of another sort or order would skip or repeat rows. */
export interface CursorScope {
  sort: string;
  order: "asc" | "desc";
}

interface CursorBody extends CursorScope {
  keys: CursorKeys;
}

const notValid = () => badRequest([{ field: "after", message: MESSAGES.cursorNotValid }]);

/** The opaque `nextCursor` a list answers: its order keys, as base64url JSON. */
export function encodeCursor(scope: CursorScope, keys: CursorKeys): string {
  const body: CursorBody = { ...scope, keys };
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

/** The keys of an `after` cursor, when it was made for this sort and order; else 400. */
export function decodeCursor(text: string, scope: CursorScope, keyCount: number): CursorKeys {
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw notValid();
  }
  const keys = body?.keys;
  const wellFormed =
    Array.isArray(keys) &&
    keys.length === keyCount &&
    keys.every((k) => k === null || typeof k === "string") &&
    body.sort === scope.sort &&
    body.order === scope.order;
  if (!wellFormed) throw notValid();
  return keys as CursorKeys;
}

/**
 * Rows after the cursor's row in an order of `keys` (each ascending or descending, nulls last): the
 * row-by-row comparison (k1 > c1) or (k1 = c1 and k2 > c2) or ..., where a null sorts after
 * every value. Values are compared as parameters typed by their expression, so a date, a number
 * or a boolean compares as itself, not as text.
 */
export function afterCursor(
  keys: RawBuilder<unknown>[],
  values: CursorKeys,
  order: "asc" | "desc" | ("asc" | "desc")[],
): RawBuilder<SqlBool> {
  // One direction for every key, or one per key (a sort key that runs against the list's order).
  const directionOf = (i: number) => (Array.isArray(order) ? order[i] : order);
  const alternatives: RawBuilder<SqlBool>[] = [];
  keys.forEach((key, i) => {
    const beyond = directionOf(i) === "desc" ? sql.raw("<") : sql.raw(">");
    const value = values[i];
    // Nothing comes after a null in "nulls last" but the rows whose later keys go on.
    if (value === null) return;
    const same = keys
      .slice(0, i)
      .map((earlier, j) => (values[j] === null ? sql`${earlier} is null` : sql`${earlier} = ${values[j]}`));
    alternatives.push(
      sql<SqlBool>`(${sql.join([...same, sql`(${key} ${beyond} ${value} or ${key} is null)`], sql` and `)})`,
    );
  });
  return alternatives.length ? sql<SqlBool>`(${sql.join(alternatives, sql` or `)})` : sql<SqlBool>`false`;
}

/**
 * A condition afterCursor implies that an index in the list's order can start from, so a page
 * after a cursor costs the same however deep it is: the row comparison (k1, k2, ...) > (c1, c2,
 * ...) over the leading keys that are NOT NULL and run in one direction (>= when keys it leaves
 * out follow). Leading keys whose cursor value is null (the nulls at the end of a nullable key)
 * come first as "is null". Null when there is nothing to start from.
 */
export function cursorStart(keys: OrderKey[], values: CursorKeys): RawBuilder<SqlBool> | null {
  const conditions: RawBuilder<SqlBool>[] = [];
  let i = 0;
  while (i < keys.length && !keys[i].notNull && values[i] === null) {
    conditions.push(sql<SqlBool>`${keys[i].sql} is null`);
    i++;
  }
  let end = i;
  while (end < keys.length && keys[end].notNull && values[end] !== null && keys[end].direction === keys[i].direction) {
    end++;
  }
  if (end > i) {
    const beyond = keys[i].direction === "desc" ? "<" : ">";
    const op = sql.raw(end === keys.length ? beyond : `${beyond}=`);
    const row = keys.slice(i, end).map((k) => k.sql);
    const cursorRow = values.slice(i, end).map((v) => sql`${v}`);
    conditions.push(sql<SqlBool>`(${sql.join(row)}) ${op} (${sql.join(cursorRow)})`);
  }
  return conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : null;
}

/**
 * Where the rows after a cursor lie, as consecutive parts of the list, each with the condition an
 * index can start it from (cursorStart; null: none). One part, except after a row whose first key
 * is nullable and has a value: then the rows with a later value and, after every value, the rows
 * without one, which no single index range holds. Read in turn until the page is full.
 */
export function cursorParts(keys: OrderKey[], values: CursorKeys): (RawBuilder<SqlBool> | null)[] {
  const [first] = keys;
  if (first && !first.notNull && values[0] !== null) {
    // In the first part the key has a value, so it may start like a NOT NULL one (a row
    // comparison is never true of a null).
    const withValue = cursorStart([{ ...first, notNull: true }, ...keys.slice(1)], values);
    return [withValue, sql<SqlBool>`${first.sql} is null`];
  }
  return [cursorStart(keys, values)];
}
