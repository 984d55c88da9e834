import libraryJson from "../../../generated/measure-library.json" with { type: "json" };
import type { MeasureDefinition } from "./types.ts";

/**
 * The measure library: every JSON file in measures/, validated by codegen against
 * schemas/measures/measure-definition.json and its cross-field rules, and bundled into
 * generated/measure-library.json. Adding an instrument is adding a file and running codegen.
 * JSON imports are typed loosely (strings, not the schema's literals); codegen has validated them.
 */
export const MEASURE_LIBRARY: readonly MeasureDefinition[] = libraryJson as unknown as MeasureDefinition[];

const BY_ID = new Map(MEASURE_LIBRARY.map((def) => [def.id, def]));

export function measureDefinition(id: string): MeasureDefinition | undefined {
  return BY_ID.get(id);
}

/** The measures a new deployment offers: those whose licence lets them ship. */
export function shippedMeasures(): MeasureDefinition[] {
  return MEASURE_LIBRARY.filter((def) => def.shipByDefault);
}
