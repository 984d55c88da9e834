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

const asObject = (map: Map<unknown, string> | Record<string, string>) =>
  map instanceof Map ? Object.fromEntries([...map].map(([code, label]) => [String(code), label])) : map;

/**
 * inWords in SQL, for an export PostgreSQL writes itself (exports/export-copy.ts): the field's
 * value in words from the same maps (passed as JSON), the code as text where none is known.
 * Null for a field that holds no code.
 */
export function inWordsSql(
  field: string,
  value: RawBuilder<unknown>,
  words: OutcomeWords,
  measureId: RawBuilder<unknown>,
): RawBuilder<unknown> | null {
  if (field === "score_type") {
    const types = Object.fromEntries([...words.scoreTypes].map(([id, labels]) => [String(id), asObject(labels)]));
    return sql`coalesce(${JSON.stringify(types)}::jsonb -> (${measureId})::text ->> (${value})::text, (${value})::text)`;
  }
  const map = wordMaps(words)[field];
  if (!map) return null;
  return sql`coalesce(${JSON.stringify(asObject(map))}::jsonb ->> (${value})::text, (${value})::text)`;
}
