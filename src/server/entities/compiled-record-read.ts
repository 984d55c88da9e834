import { CompiledQuery, type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import type { AnySelect, EntityDefinition, Row } from "./entity-definition.ts";
import type { EntityModel } from "./entity-model.ts";

/**
 * The read of records by id (one: GET of a patient, the hot path of issue 12; many: a list page's
 * rows), built and compiled once per entity model, form of the ids and shape of the conditions instead
 * of on every request. Kysely's building and compiling of the record's query (some thirty served
 * columns) and the garbage it leaves were a tenth of the app's work per read (CPU profile,
 * docs/benchmarks.md).
 *
 * The query's text depends only on the definition and on the text of the extra conditions (the
 * caller's visibility): the conditions are compiled on their own (a few dozen characters), and
 * their text, with whether the ids are one value or an array, is the key. Its values are the
 * select list's (the definition's computed columns, built once when the module loads, so the same
 * for every call), then the id or the array of ids (one parameter either way), then the
 * conditions' values. The first build checks that order against the compiled query and is not
 * kept if it differs. Definitions with `computedFor` (columns that depend on the viewer) are
 * always built.
 */
interface Compiled {
  text: string;
  /** The select list's values, which come before the id. */
  head: readonly unknown[];
}

const KEEP_PER_MODEL = 64;
/**
 * Kept per entity model, not per definition: the select list follows the model's fields, and one
 * definition serves every bundle (a product owner's added field, a test app's own schemas).
 */
const compiledByModel = new WeakMap<EntityModel, Map<string, Compiled>>();

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}

/**
 * `ids` is the one parameter the ids predicate carries: the id itself, or the array of them.
 * `build` makes the whole query the usual way, for the first call of a shape.
 */
export async function readRecords(
  db: Kysely<Database>,
  def: EntityDefinition,
  model: EntityModel,
  ids: number | number[],
  conditions: RawBuilder<SqlBool>[],
  build: () => AnySelect,
): Promise<Row[]> {
  if (def.computedFor) return (await build().execute()) as Row[];
  const own = conditions.length ? sql.join(conditions, sql` and `).compile(db) : { sql: "", parameters: [] };
  const key = `${Array.isArray(ids) ? "many" : "one"}|${own.sql}`;
  const kept = compiledByModel.get(model)?.get(key);
  if (kept) {
    const query = CompiledQuery.raw(kept.text, [...kept.head, ids, ...own.parameters]);
    return (await db.executeQuery<Row>(query)).rows;
  }
  const compiled = build().compile();
  const headLength = compiled.parameters.length - 1 - own.parameters.length;
  const tail = compiled.parameters.slice(headLength);
  if (headLength >= 0 && sameValues(tail, [ids, ...own.parameters])) {
    const byText = compiledByModel.get(model) ?? new Map<string, Compiled>();
    compiledByModel.set(model, byText);
    // Condition texts come from code, not requests, so there are few; the bound is a safeguard.
    if (byText.size >= KEEP_PER_MODEL) byText.clear();
    byText.set(key, { text: compiled.sql, head: compiled.parameters.slice(0, headLength) });
  }
  return (await db.executeQuery<Row>(compiled)).rows;
}
