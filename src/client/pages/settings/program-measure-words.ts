import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";
import type { ProgramMeasure } from "./programs-api.ts";

const labels = (id: string) => new Map(enumOptions(schemaById(defaultBundle, id)).map((o) => [o.value, o.label]));
const FREQUENCY = labels("enums/frequency.json");
const RESPONDENT = labels("enums/respondent-kind.json");
const TIMING = labels("enums/program-measure-timing.json");

/** A program measure in words: "Every 2 Weeks · Patient · From admission · Scorable". */
export function programMeasureWords(m: ProgramMeasure): string {
  return [
    FREQUENCY.get(m.frequency) ?? String(m.frequency),
    RESPONDENT.get(m.respondent_kind) ?? m.respondent_kind,
    TIMING.get(m.timing) ?? m.timing,
    m.is_scorable ? "Scorable" : "Not scored",
    m.auto_complete ? "Auto-complete" : null,
  ]
    .filter(Boolean)
    .join(" · ");
}
