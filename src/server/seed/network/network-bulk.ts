import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database-types.ts";

/**
 * Set-based inserts for the network generator: one statement per chunk of rows, the rows passed
 * as one array per column and turned back into rows by unnest(). 20,000 rows cost one round trip
 * and one plan instead of 20,000 of each, on PGlite and on a PostgreSQL server alike.
 */

/** The column types the generator passes (SQL array element types; never user input). */
export type PgType =
  | "bigint"
  | "int"
  | "smallint"
  | "numeric"
  | "text"
  | "boolean"
  | "date"
  | "timestamptz"
  | "jsonb"
  | "uuid";

/** One array per column, all of the same length. */
export type Columns = Record<string, { type: PgType; values: readonly unknown[] }>;

const CHUNK = 20_000;

/** Inserts the rows given column by column into `table`, CHUNK rows per statement. */
export async function bulkInsert(
  db: Kysely<Database>,
  table: keyof Database & string,
  columns: Columns,
): Promise<void> {
  const names = Object.keys(columns);
  const length = names.length ? columns[names[0]].values.length : 0;
  for (const name of names) {
    if (columns[name].values.length !== length)
      throw new Error(`${table}.${name}: ${columns[name].values.length} values, not ${length}`);
  }
  for (let start = 0; start < length; start += CHUNK) {
    const arrays = names.map(
      (name) => sql`${columns[name].values.slice(start, start + CHUNK)}::${sql.raw(columns[name].type)}[]`,
    );
    await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
      select * from unnest(${sql.join(arrays)})`.execute(db);
  }
}

/**
 * Takes `count` consecutive values of a table's id sequence, so the generator knows every id
 * before it inserts (a chart's id is known while its patient is written; no read-back). The
 * table is locked against other writers first (EXCLUSIVE: reads go on) until the generator's
 * transaction ends, so no insert elsewhere can take an id from the middle of the range.
 */
export async function reserveIds(
  db: Kysely<Database>,
  table: keyof Database & string,
  count: number,
): Promise<number[]> {
  const first = await reserveRange(db, table, count);
  return Array.from({ length: count }, (_, k) => first + k);
}

/** The first of `count` consecutive ids reserved as reserveIds does (nothing taken for 0). */
export async function reserveRange(
  db: Kysely<Database>,
  table: keyof Database & string,
  count: number,
): Promise<number> {
  if (count === 0) return 0;
  await sql`lock table ${sql.table(table)} in exclusive mode`.execute(db);
  const result = await sql<{ last: number }>`select setval(pg_get_serial_sequence(${table}, 'id'),
      nextval(pg_get_serial_sequence(${table}, 'id')) + ${count}::bigint - 1) as last`.execute(db);
  return Number(result.rows[0].last) - count + 1;
}
