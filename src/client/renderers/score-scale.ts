import type { MeasureDefinition } from "../../shared/measures/types.ts";

/** What a score chart needs from an instrument: its full range, severity bands and cut-off. */
export interface ScoreScale {
  min: number;
  max: number;
  bands: { min: number; max: number; label: string }[];
  cutoff: { value: number; direction: string; meaning: string } | null;
}

/**
 * The chart scale of a measure definition, or null when it has no total score range.
 * A field the definition lists as unverified (or a cut-off with verified: false) is left out:
 * an unverified value never drives what a clinician is shown as a threshold. A cut-off given per
 * sex at birth has no single line, so it is left out too (the chart does not know the sex).
 */
export function scoreScale(definition: MeasureDefinition | undefined): ScoreScale | null {
  const range = definition?.scoring?.range;
  if (!definition || !range) return null;
  const unverified = new Set((definition.unverified ?? []).map((u) => u.field));
  const cutoff = definition.cutoff;
  return {
    min: range.min,
    max: range.max,
    bands: unverified.has("bands") ? [] : definition.bands.map((b) => ({ min: b.min, max: b.max, label: b.label })),
    cutoff:
      cutoff?.verified && typeof cutoff.value === "number" && !unverified.has("cutoff")
        ? { value: cutoff.value, direction: cutoff.direction, meaning: cutoff.meaning }
        : null,
  };
}
