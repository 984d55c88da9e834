import type { ReportAlert, ReportAnswer, ReportMeasure, ReportScore } from "../../shared/api/measure-reports.ts";
import { isAnswerable, isChoice } from "../../shared/measures/questions.ts";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import { answerScore } from "../../shared/scoring/answers.ts";
import {
  type Answers,
  type AnswerValue,
  isAnswered,
  isValidAnswer,
  type RaisedAlert,
  type ScoreResult,
  visibleQuestions,
} from "../../shared/scoring/index.ts";
import { questionNumbers } from "../measures/page-view.ts";

export function reportMeasure(def: MeasureDefinition, libraryId: number | null, version: string): ReportMeasure {
  return {
    id: libraryId,
    measure_id: def.id,
    version,
    abbreviation: def.abbreviation,
    short_name: def.shortName,
    name: def.name,
    condition: def.condition,
    respondent: def.respondent,
    recall_period: def.recallPeriod,
    scoring_description: def.scoring?.description ?? null,
    higher_is_better: def.scoring?.higherIsBetter ?? null,
    range: def.scoring?.range ?? null,
  };
}

function optionLabels(def: MeasureDefinition, questionId: string, value: AnswerValue): string[] {
  const question = def.pages.flatMap((p) => p.questions).find((q) => q.id === questionId);
  if (!question || !isChoice(question)) return [];
  const picked = Array.isArray(value) ? value : [value];
  return picked.map((v) => question.options?.find((o) => o.value === v)?.label ?? String(v));
}

/** Every answerable question in page order, with its answer, option labels, score and visibility. */
export function reportAnswers(def: MeasureDefinition, answers: Answers): ReportAnswer[] {
  const visible = new Set(visibleQuestions(def, answers).map((q) => q.id));
  const numbers = questionNumbers(def);
  return def.pages.flatMap((page) =>
    page.questions.filter(isAnswerable).map((q) => {
      const value = answers[q.id] ?? null;
      const answered = isAnswered(value);
      const valid = answered && isValidAnswer(q, value);
      return {
        questionId: q.id,
        pageId: page.id,
        number: numbers.get(q.id) ?? null,
        type: q.type,
        text: q.text,
        required: q.required && !q.readOnly,
        answered,
        value,
        labels: answered ? optionLabels(def, q.id, value) : [],
        score: valid ? answerScore(q, value) : null,
        hidden: !visible.has(q.id),
      };
    }),
  );
}

/** The engine's result as a report shows it: scales with their labels, ranges and cut-off verdicts. */
export function reportScore(def: MeasureDefinition, result: ScoreResult): ReportScore {
  const scoring = def.scoring;
  const subscales = (scoring?.subscales ?? [])
    .filter((s) => result.subscales?.[s.id] !== undefined)
    .map((s) => ({
      id: s.id,
      label: s.label,
      score: result.subscales?.[s.id] as number,
      range: s.range,
      cutoffCrossed: result.subscaleCutoffsCrossed?.[s.id] ?? null,
    }));
  const derived = (scoring?.derived ?? [])
    .filter((d) => result.derived?.[d.id] !== undefined)
    .map((d) => ({
      id: d.id,
      label: d.label,
      score: result.derived?.[d.id] as number,
      range: d.range,
      cutoffCrossed: result.derivedCutoffsCrossed?.[d.id] ?? null,
    }));
  return {
    scorable: result.scorable,
    reason: result.reason ?? null,
    total: result.total ?? null,
    range: scoring?.range ?? null,
    adjustedForMissing: result.adjustedForMissing ?? false,
    missingRequired: result.missingRequired,
    missingItems: result.missingItems,
    subscales,
    derived,
    severity: result.severity ?? null,
    cutoff: result.cutoff ?? null,
    cutoffCrossed: result.cutoffCrossed ?? null,
  };
}

/** Alerts the engine raised, as a preview shows them (nothing stored, nobody acknowledges). */
export function previewAlerts(alerts: readonly RaisedAlert[]): ReportAlert[] {
  return alerts.map((a) => ({
    id: null,
    rule_id: a.id,
    level: a.level,
    message: a.message,
    questionId: a.questionId ?? null,
    scale: a.scale ?? null,
    time: null,
    overdue: false,
    escalated_at: null,
    acknowledged_data: null,
  }));
}
