/**
 * The scoring engine (issue 4 §2): pure functions of a measure definition and a session's
 * answers, shared by the server (on submit) and the client (measure preview).
 */
export { isAnswered, isValidAnswer } from "./answers.ts";
export { compareSessions } from "./compare-sessions.ts";
export { missingRequired } from "./required.ts";
export { scoreSession } from "./score-session.ts";
export { applicableCutoff, bandFor } from "./thresholds.ts";
export type {
  Answers,
  AnswerValue,
  AppliedCutoff,
  NotScorableReason,
  RaisedAlert,
  ReliableChangeVerdict,
  ScoreChange,
  ScoreContext,
  ScoreResult,
  SessionComparison,
  SessionTotal,
} from "./types.ts";
export { isQuestionVisible, visibleQuestions } from "./visibility.ts";
