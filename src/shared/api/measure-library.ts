/**
 * The library detail (GET /api/library/:measureLibraryId) and the identity every answer about a
 * measure definition names it by, as schemas/api/responses/{library-detail,measure-summary}.json state them.
 */
export type { LibraryDetail } from "../../../generated/types/api/responses/library-detail.ts";
export type { MeasureSummary } from "../../../generated/types/api/responses/measure-summary.ts";
