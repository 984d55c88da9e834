/**
 * A share as a whole percentage (spec §9: "measure completion percentage is rounded"), rounding
 * half up as people do; null when there is nothing to take a share of, so a chart leaves a gap
 * instead of drawing a 0% no one earned. The one place usage percentages are made.
 */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((100 * part) / whole) : null;
}
