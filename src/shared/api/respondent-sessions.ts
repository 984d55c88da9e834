import type { AnswerSaved as GeneratedAnswerSaved } from "../../../generated/types/api/responses/answer-saved.ts";
import type { PageSaved as GeneratedPageSaved } from "../../../generated/types/api/responses/page-saved.ts";
import type { SavedAnswer as GeneratedSavedAnswer } from "../../../generated/types/api/responses/saved-answer.ts";
import type { SessionPage as GeneratedSessionPage } from "../../../generated/types/api/responses/session-page.ts";
import type { WithAnswerValue } from "./answer-values.ts";
import type { QuestionView } from "./questionnaire-pages.ts";

/**
 * The respondent side of a measure session (src/server/sessions/respondent-routes.ts), as
 * schemas/api/responses/ state it (available-*.json, respondent-group.json, session-*.json,
 * saved-answer.json, answer-saved.json, page-saved.json); answers are typed as the scoring
 * engine types them (answer-values.ts).
 */
export type { AvailableMeasure } from "../../../generated/types/api/responses/available-measure.ts";
export type { AvailableSessions } from "../../../generated/types/api/responses/available-sessions.ts";
export type { RespondentGroup } from "../../../generated/types/api/responses/respondent-group.ts";
export type { SessionMeasure } from "../../../generated/types/api/responses/session-measure.ts";

export type SavedAnswer = WithAnswerValue<GeneratedSavedAnswer>;
export type AnswerSaved = WithAnswerValue<GeneratedAnswerSaved>;
export type PageSaved = Omit<GeneratedPageSaved, "saved"> & { saved: SavedAnswer[] };
export type SessionPage = Omit<GeneratedSessionPage, "questions"> & { questions: QuestionView[] };
