import { type Kysely, type RawBuilder, sql } from "kysely";
import type { OutcomesExplorerRequest } from "../../../generated/types/api/outcomes-explorer-request.ts";
import type { OutcomeRecordsPage } from "../../../generated/types/api/responses/outcome-records.ts";
import { LIST_REACH } from "../../shared/lists/list-reach.ts";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import { type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { COUNT_ABOVE_ESTIMATE, type ListTotal, plannedRows } from "../db/list-total.ts";
import { badRequest } from "../http/http-error.ts";
import { currentDefinition } from "../measures/definitions.ts";
import { effectiveQuery, type FullQuery } from "./effective-query.ts";
import { outcomeColumns } from "./outcome-columns.ts";
import { type CompiledOutcomeQuery, compileOutcomeQueryFor } from "./outcome-query.ts";
import { inWords, type OutcomeWords, outcomeWords, TOTAL_SCORE } from "./outcome-words.ts";
import { queryHash } from "./query-hash.ts";

export const RECORDS_TABLE = "tables/outcome-records.table.json";
const LIST_REACH_MESSAGE =
  "Only the first 10,000 records can be paged. Narrow the query, or export it to have every record.";

interface TableColumn {
  field: string;
  header: string;
  sortable?: boolean;
  hidden?: boolean;
}

export type OutcomeColumn = OutcomeRecordsPage["columns"][number];

function tableColumns(bundle: SchemaBundle): TableColumn[] {
  return schemaById(bundle, RECORDS_TABLE).columns as unknown as TableColumn[];
}

/** The columns asked for, checked against the table schema; none: the table's shown columns. */
export function chosenColumns(bundle: SchemaBundle, asked: readonly string[] | undefined): TableColumn[] {
  const all = tableColumns(bundle);
  if (!asked || asked.length === 0) return all.filter((c) => !c.hidden);
  const unknown = asked.filter((f) => !all.some((c) => c.field === f));
  if (unknown.length) {
    throw badRequest([{ field: "columns", message: `Not a column of the records table: ${unknown.join(", ")}.` }]);
  }
  return asked.map((f) => all.find((c) => c.field === f) as TableColumn);
}

/** Each selected measure's current definition: score type labels and item-level questions. */
async function definitionsOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, MeasureDefinition>> {
  // Side by side: a query of twelve measures waited on twelve round trips one after another.
  const found = await Promise.all(ids.map(async (id) => [id, await currentDefinition(db, id)] as const));
  const out = new Map<number, MeasureDefinition>();
  for (const [id, def] of found) if (def) out.set(id, def.definition);
  return out;
}

/** The questions of an item-level query's measure, in page order, as columns item_<question id>. */
function itemColumns(def: MeasureDefinition | undefined): OutcomeColumn[] {
  const questions = (def?.pages ?? []).flatMap((page) => page.questions ?? []);
  let n = 0;
  return questions
    .filter((q) => !["prompt", "title", "text"].includes(String(q.type)))
    .map((q) => ({ field: `item_${q.id}`, header: `Item ${++n}` }));
}

/**
 * A run of the query, before any row is read: what it selects, in which columns, and how a row
 * read from SQL becomes a record (in words). The explorer's pages and the exports
 * (exports/export-rows.ts) share it, so an export holds exactly the explorer's records.
 */
export interface RecordsPlan {
  zone: string;
  query: FullQuery;
  hash: string;
  compiled: CompiledOutcomeQuery;
  /** The columns answered, in order, with their headers (item-level answers add one per question). */
  shown: OutcomeColumn[];
  /** Each selected measure's current definition (score types, questions). */
  definitions: Map<number, MeasureDefinition>;
  /** The SELECT list: the shown columns, and the keys record() reads. */
  selected: RawBuilder<unknown>[];
  /** Each field's SQL (outcome-columns.ts), codes not yet in words: exports format them in SQL. */
  fieldSql: Record<string, RawBuilder<unknown>>;
  /** The words of the codes the records hold. */
  words: OutcomeWords;
  /** ORDER BY a sortable field (total score last within a session, spec §3), then the session. */
  order(field: string, direction: "asc" | "desc"): RawBuilder<unknown>[];
  /** A row as read from SQL, as a record: codes in words, item answers as item_<question> keys. */
  record(raw: Record<string, unknown>): OutcomeRecordsPage["rows"][number];
}

export async function recordsPlan(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  request: Pick<OutcomesExplorerRequest, "query" | "columns">,
): Promise<RecordsPlan> {
  const query = effectiveQuery(request.query, bundle);
  const columns = chosenColumns(bundle, request.columns);
  const hash = queryHash({ query: request.query, columns: request.columns ?? [] });
  const [{ compiled, zone }, definitions] = await Promise.all([
    compileOutcomeQueryFor(db, bundle, user, query),
    definitionsOf(db, query.measure),
  ]);
  const items = compiled.scores ? [] : itemColumns(definitions.get(query.measure[0] as number));
  const kept = columns.filter((c) => compiled.scores || !["score_type", "score"].includes(c.field));
  const shown: OutcomeColumn[] = [...kept, ...items].map((c) => ({ field: c.field, header: c.header }));

  const sqlOf = outcomeColumns(zone);
  const selected = kept.map((c) => sql`${sqlOf[c.field]} as ${sql.ref(c.field)}`);
  selected.push(sql`cm.id as record_id_key`, sql`cm.measure_id as measure_id_key`);
  if (items.length) {
    selected.push(sql`(select jsonb_object_agg(a.question_id, a.value) from answer a
      where a.client_measure_id = cm.id) as answers_key`);
  }
  const order = (field: string, dir: "asc" | "desc") => {
    const direction = sql.raw(dir === "asc" ? "asc" : "desc");
    // Completion, the default sort, in the completion index's own order (descending puts nulls
    // first, and a scored session always has one): the page of 25 then walks the index from the
    // newest instead of sorting every record of the query. Other fields put blanks last.
    const nulls = field === "completed_at" ? sql`` : sql`nulls last`;
    const parts: RawBuilder<unknown>[] = [sql`${sqlOf[field]} ${direction} ${nulls}`, sql`cm.id ${direction}`];
    if (compiled.scores) parts.push(sql`(ms.score_type = ${TOTAL_SCORE}), ms.score_type`);
    return parts;
  };
  const words = outcomeWords(bundle, definitions);
  const record = (raw: Record<string, unknown>) => {
    const row = inWords(raw, words);
    row.record_id = raw.record_id_key;
    delete row.record_id_key;
    const answers = (raw.answers_key ?? {}) as Record<string, unknown>;
    delete row.answers_key;
    for (const item of items) {
      const value = answers[item.field.slice("item_".length)];
      row[item.field] = value === undefined ? null : value;
    }
    return row as OutcomeRecordsPage["rows"][number];
  };
  return { zone, query, hash, compiled, shown, definitions, selected, fieldSql: sqlOf, words, order, record };
}

/** How many records the plan selects. */
export async function countRecords(db: Kysely<Database>, plan: RecordsPlan): Promise<number> {
  const { whereFrom, where } = plan.compiled;
  const counted = await sql<{ total: string }>`select count(*) as total from ${whereFrom} where ${where}`.execute(db);
  return Number(counted.rows[0]?.total ?? 0);
}

/**
 * How many records the plan selects, for a progress bar: counted when the planner expects a small
 * result, else its estimate ("about"), as the lists do (db/list-total.ts). Counting a large export
 * beside it took the cores the export needed (docs/analytics.md §7).
 */
export async function recordsTotal(db: Kysely<Database>, plan: RecordsPlan): Promise<ListTotal> {
  const { whereFrom, where } = plan.compiled;
  const estimate = await plannedRows(db, sql`select 1 from ${whereFrom} where ${where}`.compile(db));
  if (estimate > COUNT_ABOVE_ESTIMATE) return { totalRecords: estimate, totalAccuracy: "about" };
  return { totalRecords: await countRecords(db, plan), totalAccuracy: "exact" };
}

/**
 * One page of the explorer's records, or only their total (spec §7 POST analytics/outcomes-explorer).
 * The page is read in one statement: the compiled query, its sort (total score last within a
 * session, spec §3), and only the columns asked for.
 */
export async function outcomeRecords(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  request: OutcomesExplorerRequest,
): Promise<OutcomeRecordsPage> {
  const plan = await recordsPlan(db, bundle, user, request);
  const { hash, shown: columns } = plan;
  if (request.count_only) return { rows: [], totalRecords: await countRecords(db, plan), hash, columns };

  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 25;
  if ((page - 1) * pageSize >= LIST_REACH) {
    throw badRequest([{ field: "page", message: LIST_REACH_MESSAGE }]);
  }
  const sortField = request.sort ?? "completed_at";
  const sortColumn = tableColumns(bundle).find((c) => c.field === sortField && c.sortable);
  if (!sortColumn) throw badRequest([{ field: "sort", message: "Sort is not valid" }]);
  const order = plan.order(sortField, request.order ?? "desc");
  // The total and the page are independent statements over the same records: on a server they
  // run side by side on two connections (PGlite's one connection takes them in turn).
  const pageSql = sql<Record<string, unknown>>`select ${sql.join(plan.selected)} from ${plan.compiled.from}
    where ${plan.compiled.where} order by ${sql.join(order)}
    limit ${pageSize} offset ${(page - 1) * pageSize}`;
  const [totalRecords, result] = await Promise.all([countRecords(db, plan), pageSql.execute(db)]);
  return { rows: result.rows.map(plan.record), totalRecords, hash, columns };
}
