import type { AlertRow } from "../../../../src/client/pages/alerts/alert-api.ts";
import type { SessionPage } from "../../../../src/client/pages/session/session-api.ts";
import type { QuestionView } from "../../../../src/client/renderers/questions/question-types.ts";
import type { SessionReport } from "../../../../src/shared/api/measure-reports.ts";

const FREQUENCY = [
  { value: 0, label: "Not at all", score: 0 },
  { value: 1, label: "Several days", score: 1 },
  { value: 2, label: "More than half the days", score: 2 },
  { value: 3, label: "Nearly every day", score: 3 },
];

/** A question as the page API answers it, with every branching field absent (null). */
export function question(id: string, number: number | null, patch: Partial<QuestionView> = {}): QuestionView {
  return {
    id,
    number,
    type: "radio",
    text: `Question ${id}`,
    required: true,
    readOnly: false,
    options: FREQUENCY,
    min: null,
    max: null,
    integer: false,
    parent: null,
    showPrompt: null,
    hidePrompt: null,
    showNext: null,
    showIf: null,
    value: null,
    hidden: false,
    ...patch,
  };
}

/** A three-question page of session 41 (PHQ-9-like answers), nothing answered yet. */
export function sessionPage(patch: Partial<SessionPage> = {}): SessionPage {
  return {
    clientMeasureId: 41,
    status: "not_started",
    editable: true,
    expired: false,
    due_date: "2026-11-21T00:00:00.000Z",
    lastSeq: 0,
    answeredCount: 0,
    measure: {
      id: 10,
      version: "1.0.0",
      title: "Questionnaire about how you've been feeling",
      instructions: "Over the last 2 weeks, how often have you been bothered by any of the following problems?",
      recall_period: "last 2 weeks",
      questionCount: 3,
    },
    pageId: "p1",
    index: 0,
    pageCount: 1,
    heading: null,
    prompt: null,
    previousPageId: null,
    nextPageId: null,
    questions: [
      question("q1", 1, { text: "Little interest or pleasure in doing things" }),
      question("q2", 2, { text: "Feeling down, depressed, or hopeless" }),
      question("q9", 3, { text: "Thoughts that you would be better off dead or of hurting yourself in some way" }),
    ],
    ...patch,
  };
}

export const ITEM_9_MESSAGE =
  "Suicide risk: PHQ-9 item 9 (thoughts of being better off dead or of hurting oneself) was answered above 0.";

/** A submitted PHQ-9 session of Jordan Rivera whose item 9 raised an alert. */
export function reportWithAlert(patch: Partial<SessionReport> = {}): SessionReport {
  return {
    audition: false,
    clientMeasureId: 41,
    status: "submitted",
    due_date: "2026-11-21T00:00:00.000Z",
    started_at: "2026-11-21T14:00:00.000Z",
    completed_at: "2026-11-21T14:05:00.000Z",
    completed_by: { id: 7, name: "Jordan Rivera" },
    ccauId: 5,
    ccaId: 3,
    patient: { id: 7, full_name: "Jordan Rivera" },
    respondent: { name: "Jordan Rivera", relation_id: 1 },
    episode: null,
    measure: {
      id: 10,
      measure_id: "phq-9",
      version: "1.0.0",
      abbreviation: "PHQ-9",
      short_name: "PHQ-9 Depression",
      name: "Patient Health Questionnaire-9",
      condition: "Depression",
      respondent: "self",
      recall_period: "last 2 weeks",
      scoring_description: "sum of items q1–q9",
      higher_is_better: false,
      range: { min: 0, max: 27 },
    },
    answers: [
      {
        questionId: "q1",
        pageId: "p1",
        number: 1,
        type: "radio",
        text: "Little interest or pleasure in doing things",
        required: true,
        answered: true,
        value: 3,
        labels: ["Nearly every day"],
        score: 3,
        hidden: false,
      },
      {
        questionId: "q9",
        pageId: "p1",
        number: 9,
        type: "radio",
        text: "Thoughts that you would be better off dead or of hurting yourself in some way",
        required: true,
        answered: true,
        value: 1,
        labels: ["Several days"],
        score: 1,
        hidden: false,
      },
    ],
    score: {
      scorable: true,
      reason: null,
      total: 12,
      range: { min: 0, max: 27 },
      adjustedForMissing: false,
      missingRequired: [],
      missingItems: [],
      subscales: [],
      derived: [],
      severity: { label: "Moderate", min: 10, max: 14 },
      cutoff: { value: 10, direction: ">=", meaning: "probable major depression", basis: "single" },
      cutoffCrossed: true,
    },
    comparison: {
      sinceFirst: {
        from: 19,
        to: 12,
        change: -7,
        direction: "improved",
        reliableChange: "reliable improvement",
        rci: 6,
      },
      sincePrevious: {
        from: 13,
        to: 12,
        change: -1,
        direction: "improved",
        reliableChange: "no reliable change",
        rci: 6,
      },
    },
    alerts: [
      {
        id: 88,
        rule_id: "phq-9-item-9-suicide-risk",
        level: "critical",
        message: ITEM_9_MESSAGE,
        questionId: "q9",
        scale: null,
        time: "2026-11-21T14:05:00.000Z",
        overdue: false,
        escalated_at: null,
        acknowledged_data: null,
      },
    ],
    ...patch,
  };
}

export function alertRow(patch: Partial<AlertRow> = {}): AlertRow {
  return {
    id: 88,
    measure: "PHQ-9",
    measure_name: "Patient Health Questionnaire-9",
    measureId: 10,
    patient: "Jordan Rivera",
    patientId: 7,
    ccaId: 3,
    ccauId: 5,
    clientMeasureId: 41,
    rule_id: "phq-9-item-9-suicide-risk",
    level: "critical",
    message: ITEM_9_MESSAGE,
    time: "2026-11-21T14:05:00.000Z",
    overdue: false,
    escalated_at: null,
    acknowledged_data: null,
    ...patch,
  };
}
