import { type Kysely, type RawBuilder, sql } from "kysely";
import type { OutcomesExplorerRequest } from "../../../generated/types/api/outcomes-explorer-request.ts";
import type { OutcomeRecordsPage } from "../../../generated/types/api/responses/outcome-records.ts";
import { LIST_REACH } from "../../shared/lists/list-reach.ts";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import { todayIn } from "../../shared/scheduling/due-dates.ts";
import { type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { badRequest } from "../http/http-error.ts";
import { currentDefinition } from "../measures/definitions.ts";
import { clinicTimeZone } from "../sessions/availability.ts";
import { effectiveQuery } from "./effective-query.ts";
import { outcomeColumns } from "./outcome-columns.ts";
import { compileOutcomeQuery } from "./outcome-query.ts";
import { inWords, outcomeWords, TOTAL_SCORE } from "./outcome-words.ts";
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
  const out = new Map<number, MeasureDefinition>();
  for (const id of ids) {
    const def = await currentDefinition(db, id);
    if (def) out.set(id, def.definition);
  }
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
  const query = effectiveQuery(request.query, bundle);
  const columns = chosenColumns(bundle, request.columns);
  const hash = queryHash({ query: request.query, columns: request.columns ?? [] });
  const zone = await clinicTimeZone(db);
  const compiled = compileOutcomeQuery(bundle, user, query, zone, todayIn(zone));

  const counted = await sql<{
    total: string;
  }>`select count(*) as total from ${compiled.from} where ${compiled.where}`.execute(db);
  const totalRecords = Number(counted.rows[0]?.total ?? 0);
  const definitions = await definitionsOf(db, query.measure);
  const items = compiled.scores ? [] : itemColumns(definitions.get(query.measure[0] as number));
  const shown: OutcomeColumn[] = [
    ...columns.filter((c) => compiled.scores || !["score_type", "score"].includes(c.field)),
    ...items,
  ].map((c) => ({ field: c.field, header: c.header }));
  if (request.count_only) return { rows: [], totalRecords, hash, columns: shown };

  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 25;
  if ((page - 1) * pageSize >= LIST_REACH) {
    throw badRequest([{ field: "page", message: LIST_REACH_MESSAGE }]);
  }
  const sqlOf = outcomeColumns(zone);
  const sortField = request.sort ?? "completed_at";
  const sortColumn = tableColumns(bundle).find((c) => c.field === sortField && c.sortable);
  if (!sortColumn) throw badRequest([{ field: "sort", message: "Sort is not valid" }]);
  const direction = sql.raw((request.order ?? "desc") === "asc" ? "asc" : "desc");
  const order: RawBuilder<unknown>[] = [sql`${sqlOf[sortField]} ${direction} nulls last`, sql`cm.id ${direction}`];
  if (compiled.scores) order.push(sql`(ms.score_type = ${TOTAL_SCORE}), ms.score_type`);

  const selected = columns
    .filter((c) => compiled.scores || !["score_type", "score"].includes(c.field))
    .map((c) => sql`${sqlOf[c.field]} as ${sql.ref(c.field)}`);
  selected.push(sql`cm.id as record_id_key`, sql`cm.measure_id as measure_id_key`);
  if (items.length) {
    selected.push(sql`(select jsonb_object_agg(a.question_id, a.value) from answer a
      where a.client_measure_id = cm.id) as answers_key`);
  }
  const result = await sql<Record<string, unknown>>`select ${sql.join(selected)} from ${compiled.from}
    where ${compiled.where} order by ${sql.join(order)}
    limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db);

  const words = outcomeWords(bundle, definitions);
  const rows = result.rows.map((raw) => {
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
  });
  return { rows, totalRecords, hash, columns: shown };
}
