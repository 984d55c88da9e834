import type { Gender } from "../../../generated/types/enums/gender.ts";
import type { Cutoff, ScaleCutoff, SeverityBand } from "../measures/types.ts";
import { compare } from "./answers.ts";
import type { AppliedCutoff } from "./types.ts";

/** The band holding a score; bands are inclusive at both ends. */
export function bandFor(bands: readonly SeverityBand[], score: number): SeverityBand | undefined {
  return bands.find((b) => score >= b.min && score <= b.max);
}

/** A threshold that flags more patients: the lower one for ">"/">=", the higher for "<"/"<=". */
function mostSensitive(direction: Cutoff["direction"], a: number, b: number): number {
  return direction === "<" || direction === "<=" ? Math.max(a, b) : Math.min(a, b);
}

/**
 * The cut-off to apply, or null when the measure has none or it is not verified (an unverified
 * threshold is shown in the library but never applied).
 *
 * Sex-specific cut-offs (AUDIT-C: male >= 4, female >= 3) use the patient's gender at birth. When
 * it is unknown, other or non-binary the definition's unknownSex decides; the shipped AUDIT-C
 * asks for the most sensitive (3), because a screen that misses hazardous drinking costs more
 * than a follow-up question. The result says which rule chose the value, for the report.
 */
export function applicableCutoff(cutoff: Cutoff | null, gender?: Gender | null): AppliedCutoff | null {
  if (!cutoff?.verified) return null;
  const { direction, meaning } = cutoff;
  if (cutoff.bySex) {
    if (gender === "m") return { value: cutoff.bySex.male, direction, meaning, basis: "male" };
    if (gender === "f") return { value: cutoff.bySex.female, direction, meaning, basis: "female" };
    const sensitive = mostSensitive(direction, cutoff.bySex.male, cutoff.bySex.female);
    if (cutoff.unknownSex === "least-sensitive") {
      const other = sensitive === cutoff.bySex.male ? cutoff.bySex.female : cutoff.bySex.male;
      return { value: other, direction, meaning, basis: "sex unknown: least sensitive" };
    }
    return { value: sensitive, direction, meaning, basis: "sex unknown: most sensitive" };
  }
  if (cutoff.value === undefined) return null;
  return { value: cutoff.value, direction, meaning, basis: "single" };
}

/** Whether a score is in the clinical range of a scale's cut-off; undefined when unverified. */
export function crossesScaleCutoff(cutoff: ScaleCutoff | undefined, score: number): boolean | undefined {
  if (!cutoff?.verified) return undefined;
  return compare(score, cutoff.direction, cutoff.value);
}
