import { type RawBuilder, type SqlBool, sql } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import { badRequest } from "../http/http-error.ts";

/** The values a list is ordered by, as text, for the last row of a page; null where a value is null. */
export type CursorKeys = (string | null)[];

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
