/**
 * The chart axis rules of spec §9, as pure functions (docs/analytics.md Charts):
 *
 *   "Chart axes: four ticks, rounded to a multiple of 10 and of 4. The weeks axis step is 2 when
 *    over 16 labels (score over time) and 5 when over 10 (weeks to below cutoff). A chart with
 *    more than 3 points gets a zero appended."
 *
 * Our reading:
 * - Four ticks: the value axis starts at 0 and has four equal steps above it, the top one at or
 *   above the largest value drawn (error bars included). The top is rounded up to a multiple of 4
 *   while it is at most 40 (so every step is a whole number: 7, 14, 21, 28 for a 0–27 scale), and
 *   above 40 to a multiple of 40, so every step is a multiple of 10 (20, 40, 60, 80).
 * - Week labels: one per week, or every `step`-th week (0, 2, 4 … or 0, 5, 10 …) once there are
 *   more than `over` weeks to label. The constants are in each chart's schema (x-chart.weekLabels).
 * - Zero appended: a week axis with more than 3 points also shows week 0 (the admission week)
 *   when no point falls there, so the chart always starts at admission. No value is invented:
 *   week 0 gets a label, not a point.
 */

export const TICK_COUNT = 4;
const SMALL_AXIS = 40;

export interface ValueAxis {
  /** The axis top: a multiple of 4 up to 40, a multiple of 40 beyond. */
  top: number;
  /** 0 and the four ticks above it. */
  ticks: number[];
}

/** The value axis for data reaching `max` (at least one step of 1). */
export function valueAxis(max: number): ValueAxis {
  const reach = Number.isFinite(max) && max > 0 ? max : 0;
  const unit = reach <= SMALL_AXIS ? TICK_COUNT : SMALL_AXIS;
  const top = Math.max(TICK_COUNT, Math.ceil(reach / unit - 1e-9) * unit);
  const step = top / TICK_COUNT;
  return { top, ticks: Array.from({ length: TICK_COUNT + 1 }, (_, i) => i * step) };
}

export interface WeekLabelRule {
  /** More labels than this... */
  over: number;
  /** ...and only every `step`-th week is labelled. */
  step: number;
}

/** 1, or the rule's step once there are more than `over` labels. */
export function weekLabelStep(labelCount: number, rule: WeekLabelRule | undefined): number {
  return rule && labelCount > rule.over ? rule.step : 1;
}

/** Week 0 added in front of more than 3 points that do not start there (spec §9 "zero appended"). */
export function zeroAppended(weeks: readonly number[]): number[] {
  const sorted = [...new Set(weeks)].sort((a, b) => a - b);
  return sorted.length > 3 && !sorted.includes(0) ? [0, ...sorted] : sorted;
}

/**
 * The weeks that carry a label: every week from the first to the last (with week 0 appended past
 * three points), thinned to every step-th week when there are too many to read.
 */
export function weekTicks(weeks: readonly number[], rule: WeekLabelRule | undefined): number[] {
  const points = zeroAppended(weeks);
  if (points.length === 0) return [];
  const first = points[0] as number;
  const last = points.at(-1) as number;
  const all = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const step = weekLabelStep(all.length, rule);
  return all.filter((w) => w % step === 0);
}
