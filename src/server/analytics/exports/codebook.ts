import type { AnalyticsQuery } from "../../../../generated/types/api/analytics-query.ts";
import type { MeasureDefinition } from "../../../shared/measures/types.ts";
import type { SchemaBundle } from "../../../shared/schema/bundle.ts";
import { fieldKind, type OutcomeFieldKind, type OutcomeFieldSchema, outcomeFields } from "../outcome-field-kind.ts";
import type { OutcomeColumn } from "../outcome-records.ts";
import { normalised } from "../query-hash.ts";

export const RECORDS_FILE = "records.csv";
export const CODEBOOK_FILE = "codebook.md";

export interface CodebookInput {
  bundle: SchemaBundle;
  filename: string;
  hash: string;
  query: AnalyticsQuery;
  columns: readonly string[];
  shown: readonly OutcomeColumn[];
  /** measure id -> its library version and current definition. */
  measures: { id: number; version: string; definition: MeasureDefinition }[];
  records: number;
  zone: string;
  generatedAt: Date;
  savedQueryName: string | null;
}

/** A column's type in words an analyst's tool understands. */
function typeOf(field: OutcomeFieldSchema | undefined): string {
  if (!field) return "answer value (the option's number, or text)";
  return KIND_WORDS[fieldKind(field)];
}

const KIND_WORDS: Record<OutcomeFieldKind, string> = {
  "date-time": "date-time (ISO 8601, UTC)",
  date: "date (YYYY-MM-DD)",
  integer: "integer",
  number: "number",
  boolean: "true/false",
  text: "text",
};

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll(/\r?\n/g, " ");

/**
 * The export's codebook (issue 13 §5): what each column of records.csv means and holds, the
 * query's hash and its normalised definition (so a figure can be traced to the exact query and
 * re-run), and the versions and score ranges of the measures in it. Markdown: readable as it is,
 * and its tables paste into a report.
 */
export function codebook(input: CodebookInput): string {
  const fields = outcomeFields(input.bundle);
  const definition = normalised({ query: input.query, columns: input.columns });
  const lines: string[] = [
    "# Outcomes export codebook",
    "",
    `- File: ${input.filename}`,
    `- Query hash: \`${input.hash}\``,
    ...(input.savedQueryName ? [`- Saved query: ${input.savedQueryName}`] : []),
    `- Generated: ${input.generatedAt.toISOString()}`,
    `- Records: ${input.records}`,
    `- Clinic time zone: ${input.zone} (ages and days in treatment are counted in it)`,
    "",
    "The hash is the first 16 hex digits of the SHA-256 of the definition below written as compact JSON.",
    "The outcomes explorer shows the same hash for the same query; run that query again to reproduce these records",
    "(records completed since, and charts the requester could no longer see, will differ).",
    "",
    "## records.csv",
    "",
    "UTF-8, comma-separated, one record per line (LF line ends; a cell holding a comma, a quote or a line break is in",
    "double quotes), one header row of the column names below. An empty cell has no value.",
    "One row per score of a submitted session (item-level: one per session), in no set order: sort by completed_at",
    "and record_id for the explorer's order.",
    "Text that begins with = + - or @ is written with a leading ' so a spreadsheet does not run it as a formula.",
    "",
    "## Columns",
    "",
    "| Column | Header | Meaning | Type |",
    "| --- | --- | --- | --- |",
  ];
  for (const column of input.shown) {
    const field = fields[column.field];
    const meaning = field
      ? [field.title, field.description].filter(Boolean).join(": ")
      : `Answer to question ${column.field.slice("item_".length)} of the measure`;
    lines.push(`| ${column.field} | ${cell(column.header)} | ${cell(meaning)} | ${typeOf(field)} |`);
  }
  lines.push("", "## Measures", "", "| Measure | Name | Version | Score | Range |", "| --- | --- | --- | --- | --- |");
  for (const m of input.measures) {
    const def = m.definition;
    const scoring = def.scoring;
    const range = scoring?.range ? `${scoring.range.min}–${scoring.range.max}` : "not scored";
    lines.push(`| ${cell(def.abbreviation)} | ${cell(def.name)} | ${cell(m.version)} | Total score | ${range} |`);
    for (const sub of scoring?.subscales ?? []) {
      const r = (sub as { range?: { min: number; max: number } }).range;
      lines.push(
        `| ${cell(def.abbreviation)} | ${cell(def.name)} | ${cell(m.version)} | ${cell(sub.label)} | ${r ? `${r.min}–${r.max}` : ""} |`,
      );
    }
  }
  lines.push(
    "",
    "## Query definition (normalised)",
    "",
    "Defaults filled in, lists sorted, fields that take no effect left out; `columns` keeps its order.",
    "",
    "```json",
    JSON.stringify(definition, null, 2),
    "```",
    "",
  );
  return lines.join("\n");
}
