import { type RawBuilder, sql } from "kysely";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import { enumOptions, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";

type Row = Record<string, unknown>;

/** The words of the codes an outcome record holds (people see words, not codes). */
export interface OutcomeWords {
  gender: Map<unknown, string>;
  disposition: Map<unknown, string>;
  relation: Map<unknown, string>;
  /** measure id -> score type -> label ("Total score", a subscale's label). */
  scoreTypes: Map<number, Map<string, string>>;
}

const EPISODE_STATUS: Record<string, string> = {
  in_care: "In care",
  pending: "Discharge pending",
  final: "Discharged",
};

const TAKEN_AT: Record<string, string> = {
  none: "No program",
  admission: "Admission",
  discharge: "Discharge",
  during: "During care",
};

export const TOTAL_SCORE = "total_score";

function labels(bundle: SchemaBundle, enumId: string): Map<unknown, string> {
  return new Map(enumOptions(schemaById(bundle, enumId)).map((o) => [o.value, o.label]));
}

export function outcomeWords(bundle: SchemaBundle, definitions: Map<number, MeasureDefinition>): OutcomeWords {
  const scoreTypes = new Map<number, Map<string, string>>();
  for (const [measureId, def] of definitions) {
    const types = new Map<string, string>([[TOTAL_SCORE, "Total score"]]);
    for (const sub of def.scoring?.subscales ?? []) types.set(sub.id, sub.label);
    scoreTypes.set(measureId, types);
  }
  return {
    gender: labels(bundle, "enums/gender.json"),
    disposition: labels(bundle, "enums/disposition.json"),
    relation: labels(bundle, "enums/relation.json"),
    scoreTypes,
  };
}

/** The word fields other than the score type, each with its words by code. */
function wordMaps(words: OutcomeWords): Record<string, Map<unknown, string> | Record<string, string>> {
  return {
    gender: words.gender,
    disposition: words.disposition,
    completed_by: words.relation,
    episode_status: EPISODE_STATUS,
    taken_at: TAKEN_AT,
  };
}

/** A record as read from SQL, its codes put into words. Fields not asked for are left alone. */
export function inWords(row: Row, words: OutcomeWords): Row {
  const out = { ...row };
  for (const [field, map] of Object.entries(wordMaps(words))) {
    if (!(field in out) || out[field] === null) continue;
    const value = out[field];
    out[field] = (map instanceof Map ? map.get(value) : map[String(value)]) ?? String(value);
  }
  if ("score_type" in out && out.score_type !== null) {
    const types = words.scoreTypes.get(Number(row.measure_id_key));
    out.score_type = types?.get(String(out.score_type)) ?? String(out.score_type);
  }
  delete out.measure_id_key;
  return out;
}

type Entries = [code: unknown, label: string | RawBuilder<unknown>][];

const entriesOf = (map: Map<unknown, string> | Record<string, string>): Entries =>
  map instanceof Map ? [...map] : Object.entries(map);

/**
 * `case value when code then label ... else value::text end`. A few comparisons per record cost
 * the export less than a lookup in a JSON object (2026-11-27, a million-record export).
 */
function caseOf(value: RawBuilder<unknown>, entries: Entries, otherwise: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!entries.length) return otherwise;
  const whens = entries.map(([code, label]) => sql`when ${code} then ${label}`);
  return sql`(case ${value} ${sql.join(whens, sql` `)} else ${otherwise} end)`;
}

/**
 * A score type's label, which depends on the measure only where measures label it differently.
 * Every record's measure is one of `scoreTypes`' (they are the query's measures), so a label all
 * of them share needs no test of the measure.
 */
function scoreTypeCase(value: RawBuilder<unknown>, words: OutcomeWords, measureId: RawBuilder<unknown>) {
  const code = sql`(${value})::text`;
  // score type -> label -> the measures that label it so
  const byType = new Map<string, Map<string, number[]>>();
  for (const [id, labels] of words.scoreTypes) {
    for (const [type, label] of labels) {
      const measures = byType.get(type) ?? new Map<string, number[]>();
      measures.set(label, [...(measures.get(label) ?? []), id]);
      byType.set(type, measures);
    }
  }
  const entries: Entries = [...byType].map(([type, labels]): Entries[number] => {
    const [[label, ids] = ["", []]] = labels;
    if (labels.size === 1 && ids.length === words.scoreTypes.size) return [type, label];
    const perMeasure: Entries = [...labels].flatMap(([l, measures]) => measures.map((id): Entries[number] => [id, l]));
    return [type, caseOf(measureId, perMeasure, code)];
  });
  return caseOf(value, entries, code);
}

/**
 * inWords in SQL, for an export PostgreSQL writes itself (exports/export-copy.ts): the field's
 * value in words from the same maps, the code as text where none is known. Null for a field that
 * holds no code.
 */
export function inWordsSql(
  field: string,
  value: RawBuilder<unknown>,
  words: OutcomeWords,
  measureId: RawBuilder<unknown>,
): RawBuilder<unknown> | null {
  if (field === "score_type") return scoreTypeCase(value, words, measureId);
  const map = wordMaps(words)[field];
  if (!map) return null;
  return caseOf(value, entriesOf(map), sql`(${value})::text`);
}
