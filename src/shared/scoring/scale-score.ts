import type { Scoring } from "../measures/types.ts";
import type { EffectiveAnswer } from "./conditions.ts";

/**
 * Score of one scale (the total or a subscale) from its items, under the measure's missing-item
 * rule. Items hidden by branching add nothing to a sum (a skipped item scores 0, as in AUDIT's
 * skip rule) and are left out of a mean. Missing visible items are either counted as 0 or
 * prorated: sum × visible items ÷ answered items (K10: round(sum / 9 × 10) with one missing).
 * Undefined when nothing is left to score from.
 */
export function scaleScore(
  scoring: Scoring,
  items: readonly string[],
  visibleIds: ReadonlySet<string>,
  effective: ReadonlyMap<string, EffectiveAnswer>,
): number | undefined {
  const shown = items.filter((id) => visibleIds.has(id));
  const scores = shown.map((id) => effective.get(id)?.score).filter((s): s is number => typeof s === "number");
  const sum = scores.reduce((a, b) => a + b, 0);
  const missing = shown.length - scores.length;
  const treatment = scoring.missing.treatment ?? "zero";

  if (scoring.method === "mean") {
    const denominator = treatment === "zero" ? shown.length : scores.length;
    if (denominator === 0) return undefined;
    return roundTo(sum / denominator, scoring.decimals);
  }
  if (missing === 0 || treatment === "zero") return sum;
  if (scores.length === 0) return undefined;
  const prorated = (sum * shown.length) / scores.length;
  return scoring.missing.rounding === "nearest" ? Math.round(prorated) : prorated;
}

function roundTo(value: number, decimals: number | undefined): number {
  if (decimals === undefined) return value;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
