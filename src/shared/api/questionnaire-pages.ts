import type { PageView as GeneratedPageView } from "../../../generated/types/api/responses/page-view.ts";
import type { QuestionView as GeneratedQuestionView } from "../../../generated/types/api/responses/question-view.ts";
import type { WithAnswerValue } from "./answer-values.ts";

/**
 * A measure page as questionnaires and previews show it (src/server/measures/page-view.ts), as
 * schemas/api/responses/{page-view,question-view,question-option}.json state it; the saved
 * answer is typed as the scoring engine types it (answer-values.ts).
 */
export type { QuestionOption } from "../../../generated/types/api/responses/question-option.ts";
export type QuestionView = WithAnswerValue<GeneratedQuestionView>;
export type PageView = Omit<GeneratedPageView, "questions"> & { questions: QuestionView[] };
