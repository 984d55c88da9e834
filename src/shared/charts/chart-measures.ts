import type { MeasureDefinition } from "../measures/types.ts";
import { compare } from "../scoring/answers.ts";

/**
 * What the outcomes charts may take from a measure definition (docs/analytics.md Charts). As
 * everywhere (score-scale.ts), a value marked unverified never drives a chart: a measure whose
 * cut-off or bands are unverified is left out of the chart that needs them, with the reason in words.
 */
export type Verified<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface ChartCutoff {
  value: number;
  /** The clinical range is where `score <direction> value` holds (">=": at or above it). */
  direction: ">=" | ">" | "<=" | "<";
}

export interface ChartBand {
  label: string;
  min: number;
  max: number;
}

const DIRECTIONS = new Set([">=", ">", "<=", "<"]);

function unverifiedFields(definition: MeasureDefinition): Set<string> {
  return new Set((definition.unverified ?? []).map((u) => u.field));
}

/** The measure's single verified cut-off on its total score, or why there is none. */
export function chartCutoff(name: string, definition: MeasureDefinition | undefined): Verified<ChartCutoff> {
  const cutoff = definition?.cutoff;
  if (!definition || !cutoff) return { ok: false, reason: `${name} has no cut-off, so it has no weeks to below it.` };
  if (!cutoff.verified || unverifiedFields(definition).has("cutoff")) {
    return { ok: false, reason: `${name}'s cut-off is not verified, so it is not used to count weeks to below it.` };
  }
  if (typeof cutoff.value !== "number" || !DIRECTIONS.has(cutoff.direction)) {
    return {
      ok: false,
      reason: `${name}'s cut-off depends on the sex at birth, so no single line can be drawn for a group.`,
    };
  }
  return { ok: true, value: { value: cutoff.value, direction: cutoff.direction as ChartCutoff["direction"] } };
}

/** The measure's verified severity bands (low to high), or why there are none. */
export function chartBands(name: string, definition: MeasureDefinition | undefined): Verified<ChartBand[]> {
  const bands = definition?.bands ?? [];
  if (definition && unverifiedFields(definition).has("bands")) {
    return { ok: false, reason: `${name}'s severity bands are not verified, so they are not drawn.` };
  }
  if (!definition || bands.length === 0) return { ok: false, reason: `${name} has no severity bands.` };
  return {
    ok: true,
    value: [...bands].sort((a, b) => a.min - b.min).map((b) => ({ label: b.label, min: b.min, max: b.max })),
  };
}

/** Whether a score is in the clinical range of a cut-off. */
export function inClinicalRange(score: number, cutoff: ChartCutoff): boolean {
  return compare(score, cutoff.direction, cutoff.value);
}

/** The band a score falls in: each band runs up to where the next begins (0–4, 5–9: 4.5 is in 0–4). */
export function bandIndex(score: number, bands: readonly ChartBand[]): number | null {
  const first = bands[0];
  const last = bands.at(-1);
  if (!first || !last || score < first.min || score > last.max) return null;
  for (let i = bands.length - 1; i >= 0; i--) if (score >= (bands[i] as ChartBand).min) return i;
  return null;
}
