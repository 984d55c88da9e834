import type { Operator } from "../measures/types.ts";
import { compare } from "../scoring/answers.ts";

/**
 * Clinical significance of change between admission and discharge (issue 13 §3;
 * docs/analytics.md, Clinical significance). Pure: given pairs of scores and an instrument's
 * parameters, the category of each pair. The server reads the pairs and the parameters; the tests
 * check these rules against hand-computed cases.
 */

/** One episode's admission (pre) and discharge (post) total score of an instrument. */
export interface ScorePair {
  pre: number;
  post: number;
}

/** The categories, in the order the table and the stacked bar show them. */
export const SIGNIFICANCE_CATEGORIES = ["recovered", "improved", "unchanged", "deteriorated", "not_case"] as const;
export type SignificanceCategory = (typeof SIGNIFICANCE_CATEGORIES)[number];
export type SignificanceCounts = Record<SignificanceCategory, number>;

/** Which side of a cut-off is clinical: `score direction value` (for example ">=" 10, or "<" 13 for WHO-5). */
export interface ClinicalCutoff {
  value: number;
  direction: string;
}

export interface JacobsonTruaxParameters {
  /** Test–retest reliability r. */
  r: number;
  /** Standard deviation of the total score. */
  sd: number;
  /** Criterion c: the instrument's verified cut-off. */
  cutoff: ClinicalCutoff;
  higherIsBetter: boolean;
}

export interface TalkingTherapiesParameters {
  /** A change of at least this many points in the better direction (or worse) is reliable. */
  reliableChange: number;
  /** A score at or above this is a case. */
  caseness: number;
}

/** 1.96 in the Jacobson–Truax rule: |RCI| must exceed it. */
export const RCI_CRITICAL = 1.96;

/** S_diff = √2 · SE, SE = SD · √(1 − r). */
export function standardErrorOfDifference(sd: number, r: number): number {
  return Math.SQRT2 * sd * Math.sqrt(1 - r);
}

/** RCI = (post − pre) / S_diff: positive when the score went up. */
export function reliableChangeIndex(pair: ScorePair, sd: number, r: number): number {
  return (pair.post - pair.pre) / standardErrorOfDifference(sd, r);
}

/** The change in points a pair must exceed to be reliable: 1.96 · S_diff. */
export function reliableChangePoints(sd: number, r: number): number {
  return RCI_CRITICAL * standardErrorOfDifference(sd, r);
}

const CUTOFF_DIRECTIONS = new Set([">=", ">", "<=", "<"]);

/** Whether a score is on the clinical side of the cut-off. */
export function onClinicalSide(score: number, cutoff: ClinicalCutoff): boolean {
  if (!CUTOFF_DIRECTIONS.has(cutoff.direction))
    throw new Error(`A cut-off direction the analysis cannot apply: ${cutoff.direction}`);
  return compare(score, cutoff.direction as Operator, cutoff.value);
}

/**
 * Jacobson–Truax: reliable change when |RCI| > 1.96, its sign read against the direction of
 * improvement; recovered when the change is a reliable improvement and the score crossed the
 * cut-off (criterion c) from the clinical to the non-clinical side.
 */
export function classifyJacobsonTruax(pair: ScorePair, p: JacobsonTruaxParameters): SignificanceCategory {
  const rci = reliableChangeIndex(pair, p.sd, p.r);
  const better = p.higherIsBetter ? rci : -rci;
  if (better > RCI_CRITICAL) {
    const crossed = onClinicalSide(pair.pre, p.cutoff) && !onClinicalSide(pair.post, p.cutoff);
    return crossed ? "recovered" : "improved";
  }
  if (better < -RCI_CRITICAL) return "deteriorated";
  return "unchanged";
}

/**
 * NHS Talking Therapies: an episode below caseness at admission is counted apart ("not a case
 * at admission"), as the programme's recovery figures leave it out. Otherwise reliable
 * improvement is a fall of at least the reliable change; reliable recovery is that and a
 * discharge score below caseness; reliable deterioration a rise of at least the reliable change.
 * Both instruments improve downward.
 */
export function classifyTalkingTherapies(pair: ScorePair, p: TalkingTherapiesParameters): SignificanceCategory {
  if (pair.pre < p.caseness) return "not_case";
  const fall = pair.pre - pair.post;
  if (fall >= p.reliableChange) return pair.post < p.caseness ? "recovered" : "improved";
  if (-fall >= p.reliableChange) return "deteriorated";
  return "unchanged";
}

export function emptyCounts(): SignificanceCounts {
  return { recovered: 0, improved: 0, unchanged: 0, deteriorated: 0, not_case: 0 };
}

export function countCategories(
  pairs: readonly ScorePair[],
  classify: (pair: ScorePair) => SignificanceCategory,
): SignificanceCounts {
  const counts = emptyCounts();
  for (const pair of pairs) counts[classify(pair)]++;
  return counts;
}
