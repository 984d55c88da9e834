import { once } from "node:events";
import type { Writable } from "node:stream";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { type CopyOut, copyOut } from "../../db/copy-out.ts";
import type { Database } from "../../db/database-types.ts";
import { inlineParameters } from "../../db/inline-parameters.ts";
import { Interrupted } from "../../messaging/job-queue.ts";
import { fieldKind, outcomeFields } from "../outcome-field-kind.ts";
import type { RecordsPlan } from "../outcome-records.ts";
import { inWordsSql } from "../outcome-words.ts";
import type { ExportContext } from "./generate-export.ts";

/** The COPY may run this long: it is background work, and one stuck this long is stuck, not slow. */
const COPY_TIMEOUT_MS = 5 * 60_000;

/** Sort and hash memory of the export's statement: a million sessions' numbering and joins. */
const EXPORT_WORK_MEM = "128MB";

/** The characters text may not begin with as it stands (csvField's rule): a spreadsheet would run it as a formula. */
const FORMULA_CHARACTERS = ["=", "+", "-", "@", "\t", "\r"];
const FORMULA_START = `^([${FORMULA_CHARACTERS.map((c) => (c === "-" ? "\\-" : c)).join("")}])`;
const FORMULA_CODES = FORMULA_CHARACTERS.map((c) => c.charCodeAt(0));

/**
 * Text with a leading ' where it begins like a formula. A plain column is read twice at no cost
 * and its first character's code compared (a regular expression per cell cost a second of the
 * server's time over 1.5 million records); an expression (a subquery) is evaluated once.
 */
function defused(db: Kysely<Database>, value: RawBuilder<unknown>): RawBuilder<unknown> {
  if (/^\w+\.\w+$/.test(value.compile(db).sql.trim())) {
    return sql`(case when ascii(${value}) = any(${FORMULA_CODES}::int[]) then '''' || ${value} else (${value})::text end)`;
  }
  return sql`regexp_replace((${value})::text, ${FORMULA_START}, ${"'\\1"})`;
}

/**
 * A record's cell in SQL, as the explorer's record shows it and csvField writes it: codes in words,
 * instants as ISO 8601 in UTC with milliseconds (what a JavaScript Date prints), true/false, and
 * text guarded against formulas. The kind comes from the field's schema.
 */
function cellSql(
  db: Kysely<Database>,
  plan: RecordsPlan,
  field: string,
  bundle: ExportContext["bundle"],
): RawBuilder<unknown> {
  const value = plan.fieldSql[field] as RawBuilder<unknown>;
  const worded = inWordsSql(field, value, plan.words, sql`cm.measure_id`);
  if (worded) return worded;
  const schema = outcomeFields(bundle)[field];
  switch (schema ? fieldKind(schema) : "text") {
    case "date-time":
      // In UTC because the COPY's transaction sets TimeZone (copyRecords): `at time zone 'UTC'`
      // looked the zone up by name for every record.
      return sql`to_char(${value}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case "boolean":
      return sql`(${value})::text`;
    case "text":
      return defused(db, value);
    default:
      return value;
  }
}

/**
 * Whether PostgreSQL can write this plan's CSV itself: on a server, for scores. Item-level
 * answers (one measure's sessions, far fewer) are JSON values that JavaScript prints its own way,
 * so they go through export-rows.ts like every export on PGlite.
 */
export function copiesItself(ctx: ExportContext, plan: RecordsPlan): boolean {
  return ctx.dbKind === "postgres" && plan.compiled.scores;
}

/** The COPY statement of the plan's records, its values written in (COPY takes no parameters). */
export function copyStatement(db: Kysely<Database>, ctx: Pick<ExportContext, "bundle">, plan: RecordsPlan): string {
  const cells = plan.shown.map((c) => sql`${cellSql(db, plan, c.field, ctx.bundle)} as ${sql.ref(c.field)}`);
  const select = sql`select ${sql.join(cells)} from ${plan.compiled.from} where ${plan.compiled.where}`;
  return `COPY (${inlineParameters(select.compile(db))}) TO STDOUT WITH (FORMAT csv)`;
}

/**
 * The plan's records as CSV rows (no header) written by PostgreSQL: `COPY (select ...) TO STDOUT`.
 * No ORDER BY: sorting 1.5 million records was a fifth of the export's time, and the file's
 * readers sort it their own way (the codebook says so).
 */
export async function copyRecords(db: Kysely<Database>, ctx: ExportContext, plan: RecordsPlan): Promise<CopyOut> {
  return copyOut(db, copyStatement(db, ctx, plan), {
    settings: { statement_timeout: String(COPY_TIMEOUT_MS), work_mem: EXPORT_WORK_MEM, TimeZone: "UTC" },
  });
}

/** Line ends in a chunk of CSV: rows, give or take a cell holding a line break (progress only). */
function lineEnds(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}

/**
 * Streams the plan's CSV rows from PostgreSQL into `out`, waiting whenever `out` is full (the zip's
 * deflate), so memory holds a few chunks whatever the export's size. `onRows` hears of each
 * chunk's rows as they pass; the count returned is PostgreSQL's own. An aborted `signal` (the
 * node is stopping) ends the COPY and throws Interrupted.
 */
export async function copyInto(
  ctx: ExportContext,
  plan: RecordsPlan,
  out: Writable,
  onRows: (rows: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<number> {
  if (signal?.aborted) throw new Interrupted();
  const copy = await copyRecords(ctx.db, ctx, plan);
  const abort = () => copy.abort();
  signal?.addEventListener("abort", abort, { once: true });
  try {
    for await (const chunk of copy.stream) {
      if (!out.write(chunk)) await once(out, "drain");
      await onRows(lineEnds(chunk as Buffer));
    }
  } catch (err) {
    copy.abort();
    throw signal?.aborted ? new Interrupted() : err;
  } finally {
    signal?.removeEventListener("abort", abort);
  }
  if (signal?.aborted) throw new Interrupted();
  return copy.rowCount();
}
