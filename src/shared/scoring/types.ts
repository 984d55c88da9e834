import type { Gender } from "../../../generated/types/enums/gender.ts";
import type { Operator } from "../measures/types.ts";

/** A stored answer: an option value, several (checkbox), a number, a date or text. */
export type AnswerValue = number | string | ReadonlyArray<number | string>;

/** A session's answers by question id; null or absent means not answered (skipped). */
export type Answers = Readonly<Record<string, AnswerValue | null | undefined>>;

/** Facts about the patient that some scoring rules need. */
export interface ScoreContext {
  /** Gender at birth (schemas/enums/gender.json), for sex-specific cut-offs such as AUDIT-C's. */
  gender?: Gender | null;
}

export interface RaisedAlert {
  id: string;
  message: string;
  level: "critical" | "warning";
  /** The question whose answer raised it, for item alerts. */
  questionId?: string;
  /** The scale (total, subscale or derived score) that raised it, for scale alerts. */
  scale?: string;
}

/** The threshold actually applied, so a report can say which one (AUDIT-C differs by sex). */
export interface AppliedCutoff {
  value: number;
  direction: Operator;
  meaning: string;
  /** Why this value: "single" for a plain cut-off, else the sex rule that chose it. */
  basis: "single" | "male" | "female" | "sex unknown: most sensitive" | "sex unknown: least sensitive";
}

export type NotScorableReason = "unscored-measure" | "required-missing" | "invalid-answers" | "too-many-missing";

export interface ScoreResult {
  scorable: boolean;
  /** Why no score was computed; absent when scorable. */
  reason?: NotScorableReason;
  /** Visible required questions left unanswered (spec §8: such a measure cannot be scored). */
  missingRequired: string[];
  /** Visible items of the total left unanswered (some measures allow a few). */
  missingItems: string[];
  /** Answered questions whose stored value is not one the question accepts. */
  invalidAnswers: string[];
  total?: number;
  /** True when missing items were prorated or counted as 0 under the measure's rule. */
  adjustedForMissing?: boolean;
  subscales?: Record<string, number>;
  /** Subscales at or past their own (verified) cut-off. */
  subscaleCutoffsCrossed?: Record<string, boolean>;
  /** Scores derived from the total (for example WHO-5's percentage). */
  derived?: Record<string, number>;
  derivedCutoffsCrossed?: Record<string, boolean>;
  severity?: { label: string; min: number; max: number };
  /** Total in the clinical range of the measure's verified cut-off; absent when there is none. */
  cutoffCrossed?: boolean;
  cutoff?: AppliedCutoff;
  /** Item alerts fire on any answered item, even when the session cannot be scored. */
  alerts: RaisedAlert[];
}

/** What compareSessions needs of a session: its scorability and total. */
export type SessionTotal = Pick<ScoreResult, "scorable" | "total">;

export type ReliableChangeVerdict = "reliable improvement" | "reliable deterioration" | "no reliable change";

export interface ScoreChange {
  from: number;
  to: number;
  /** to − from, in the measure's points. */
  change: number;
  direction: "improved" | "worsened" | "unchanged";
  /** Only when the measure has a verified reliable-change value. */
  reliableChange?: ReliableChangeVerdict;
  rci?: number;
}

export interface SessionComparison {
  sinceFirst: ScoreChange | null;
  sincePrevious: ScoreChange | null;
}
