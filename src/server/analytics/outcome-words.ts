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

/** A record as read from SQL, its codes put into words. Fields not asked for are left alone. */
export function inWords(row: Row, words: OutcomeWords): Row {
  const out = { ...row };
  const word = (field: string, map: Map<unknown, string> | Record<string, string>) => {
    if (!(field in out) || out[field] === null) return;
    const value = out[field];
    out[field] = (map instanceof Map ? map.get(value) : map[String(value)]) ?? String(value);
  };
  word("gender", words.gender);
  word("disposition", words.disposition);
  word("completed_by", words.relation);
  word("episode_status", EPISODE_STATUS);
  word("taken_at", TAKEN_AT);
  if ("score_type" in out && out.score_type !== null) {
    const types = words.scoreTypes.get(Number(row.measure_id_key));
    out.score_type = types?.get(String(out.score_type)) ?? String(out.score_type);
  }
  delete out.measure_id_key;
  return out;
}
