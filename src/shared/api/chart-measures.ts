/**
 * The per-respondent measures overview (GET /api/overview/measures/:ccauId), as
 * schemas/api/responses/{progress-point,measure-overview,respondent-overview}.json state it.
 */
export type { MeasureOverview } from "../../../generated/types/api/responses/measure-overview.ts";
export type { ProgressPoint } from "../../../generated/types/api/responses/progress-point.ts";
export type { RespondentOverview } from "../../../generated/types/api/responses/respondent-overview.ts";
