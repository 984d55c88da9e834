import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";

/**
 * A query whose text never changes, built and compiled once per database and then run with new
 * values. Kysely's builder and compiler spend more CPU than PostgreSQL spends on a primary-key
 * read, and the access hook runs its query on every request. `build` is called with one marker
 * per argument; each marker must reach the compiled query as a parameter of its own (not inlined
 * into the text), which is checked when it is compiled, so a query written otherwise fails at
 * its first use instead of running with the wrong values.
 */
export function compiledOnce<A extends unknown[], R>(
  arity: A["length"],
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
): (db: Kysely<Database>, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Kysely<Database>, { query: CompiledQuery<R>; slots: number[] }>();
  const compile = (db: Kysely<Database>) => {
    const markers = Array.from({ length: arity }, (_, i) => ({ compiledOnceArgument: i }));
    const query = build(db, ...(markers as unknown as A)).compile();
    const slots = query.parameters.map((p) => markers.indexOf(p as (typeof markers)[number]));
    if (slots.includes(-1) || markers.some((_, i) => !slots.includes(i)))
      throw new Error("compiledOnce: every parameter of the query must be one of its arguments, each used");
    const entry = { query, slots };
    compiled.set(db, entry);
    return entry;
  };
  return async (db, ...args) => {
    const { query, slots } = compiled.get(db) ?? compile(db);
    const result = await db.executeQuery<R>({ ...query, parameters: slots.map((i) => args[i]) });
    return result.rows;
  };
}
