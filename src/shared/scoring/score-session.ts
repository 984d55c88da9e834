import { isAnswerable } from "../measures/questions.ts";
import type { MeasureDefinition } from "../measures/types.ts";
import { itemAlerts, scaleAlerts } from "./alerts.ts";
import { compare, isAnswered, isValidAnswer } from "./answers.ts";
import { unansweredRequired } from "./required.ts";
import { scaleScore } from "./scale-score.ts";
import { applicableCutoff, bandFor, crossesScaleCutoff } from "./thresholds.ts";
import type { Answers, ScoreContext, ScoreResult } from "./types.ts";
import { resolveVisibility } from "./visibility.ts";

/**
 * Scores one session from its definition. Pure: the same definition, answers and context always
 * give the same result, on the server and in the client preview alike.
 *
 * No score is produced from a session that breaks the measure's rules (spec §8): a visible
 * required question unanswered, an answer that is not one of the question's options, or more
 * missing items than the measure allows. Item alerts are still evaluated then (see alerts.ts).
 */
export function scoreSession(def: MeasureDefinition, answers: Answers, context: ScoreContext = {}): ScoreResult {
  const { visible, effective } = resolveVisibility(def, answers);
  const visibleIds = new Set(visible.map((q) => q.id));
  const missingRequired = unansweredRequired(visible, answers);
  const invalidAnswers = visible
    .filter((q) => {
      const value = answers[q.id];
      return isAnswerable(q) && isAnswered(value) && !isValidAnswer(q, value);
    })
    .map((q) => q.id);
  const alerts = itemAlerts(def, answers);
  const scoring = def.scoring;
  const missingItems = (scoring?.items ?? []).filter((id) => visibleIds.has(id) && !isAnswered(answers[id]));
  const unscored: ScoreResult = { scorable: false, missingRequired, missingItems, invalidAnswers, alerts };

  if (!scoring) return { ...unscored, reason: "unscored-measure" };
  if (missingRequired.length > 0) return { ...unscored, reason: "required-missing" };
  if (invalidAnswers.length > 0) return { ...unscored, reason: "invalid-answers" };
  if (missingItems.length > scoring.missing.maxMissing) return { ...unscored, reason: "too-many-missing" };

  const total = scaleScore(scoring, scoring.items, visibleIds, effective);
  if (total === undefined) return { ...unscored, reason: "too-many-missing" };

  const result: ScoreResult = {
    scorable: true,
    missingRequired,
    missingItems,
    invalidAnswers,
    total,
    adjustedForMissing: missingItems.length > 0,
    alerts,
  };
  const scales = new Map<string, number>([["total", total]]);

  if (scoring.subscales?.length) {
    result.subscales = {};
    result.subscaleCutoffsCrossed = {};
    for (const sub of scoring.subscales) {
      const score = scaleScore(scoring, sub.items, visibleIds, effective);
      if (score === undefined) continue;
      result.subscales[sub.id] = score;
      scales.set(sub.id, score);
      const crossed = crossesScaleCutoff(sub.cutoff, score);
      if (crossed !== undefined) result.subscaleCutoffsCrossed[sub.id] = crossed;
    }
  }
  if (scoring.derived?.length) {
    result.derived = {};
    result.derivedCutoffsCrossed = {};
    for (const derived of scoring.derived) {
      const score = total * derived.multiplier;
      result.derived[derived.id] = score;
      scales.set(derived.id, score);
      const crossed = crossesScaleCutoff(derived.cutoff, score);
      if (crossed !== undefined) result.derivedCutoffsCrossed[derived.id] = crossed;
    }
  }

  const band = bandFor(def.bands, total);
  if (band) result.severity = { label: band.label, min: band.min, max: band.max };
  const cutoff = applicableCutoff(def.cutoff, context.gender);
  if (cutoff) {
    result.cutoff = cutoff;
    result.cutoffCrossed = compare(total, cutoff.direction, cutoff.value);
  }
  result.alerts = [...alerts, ...scaleAlerts(def, scales)];
  return result;
}
