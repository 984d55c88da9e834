import type { MeasureDefinition } from "../measures/types.ts";
import type { ScoreChange, SessionComparison, SessionTotal } from "./types.ts";

/** Removes floating-point noise from a difference of two means (0.1 + 0.2 style). */
function difference(to: number, from: number): number {
  return Math.round((to - from) * 1e6) / 1e6;
}

function change(def: MeasureDefinition, from: number, to: number): ScoreChange {
  const delta = difference(to, from);
  const higherIsBetter = def.scoring?.higherIsBetter ?? false;
  const better = higherIsBetter ? delta > 0 : delta < 0;
  const result: ScoreChange = {
    from,
    to,
    change: delta,
    direction: delta === 0 ? "unchanged" : better ? "improved" : "worsened",
  };
  // Only a verified value gives a verdict. The threshold is inclusive ("decrease >= 6 = reliable
  // improvement" for PHQ-9) and applies both ways, as NHS Talking Therapies uses it for
  // deterioration too.
  const rci = def.rci;
  if (rci?.verified && typeof rci.value === "number") {
    result.rci = rci.value;
    result.reliableChange =
      Math.abs(delta) < rci.value ? "no reliable change" : better ? "reliable improvement" : "reliable deterioration";
  }
  return result;
}

function totalOf(session: SessionTotal | null | undefined): number | undefined {
  return session?.scorable && typeof session.total === "number" ? session.total : undefined;
}

/**
 * Change of the current session's total since the patient's first and since the previous scored
 * session of the same measure. Pass null for a session that does not exist (the current one is
 * the first); a session that could not be scored gives no comparison.
 */
export function compareSessions(
  def: MeasureDefinition,
  first: SessionTotal | null | undefined,
  previous: SessionTotal | null | undefined,
  current: SessionTotal | null | undefined,
): SessionComparison {
  const now = totalOf(current);
  const baseline = totalOf(first);
  const last = totalOf(previous);
  return {
    sinceFirst: now !== undefined && baseline !== undefined ? change(def, baseline, now) : null,
    sincePrevious: now !== undefined && last !== undefined ? change(def, last, now) : null,
  };
}
