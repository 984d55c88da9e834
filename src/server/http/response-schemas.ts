import type { JsonSchema } from "../../shared/schema/bundle.ts";

/**
 * The response schemas routes declare (issue 7 §1), by bundle id like their request schemas:
 *
 *   schema: {
 *     params: { $ref: "api/id-params.json" },
 *     response: { 200: recordResponse("entities/location.json"), ...errorResponses(404) },
 *   }
 *
 * - recordResponse(id): one record, the bundle schema `id` ("entities/location.json",
 *   "api/responses/session-report.json").
 * - listResponse(id, extra?): one page of a list, {rows: [records of id], totalRecords} plus
 *   the optional keys `extra` describes (e.g. { views: { type: "array", items: {...} } }).
 * - entityListResponse(id, extra?): an entity list's page, with totalAccuracy and nextCursor.
 * - noContent: a 204 answer, no body.
 * - errorResponses(...statuses): the one error shape (schemas/api/error.json) for each status.
 *   401, 403, 429 and the 400 of a failed request schema are added to every route that declares
 *   responses (standard-error-responses.ts); declare the rest (404, 409, a 400 of the handler).
 *
 * Whatever a handler returns is written by these schemas: fields they do not list are left out
 * (response-serialization.ts). They are also what GET /api/openapi.json documents.
 */
export function recordResponse(id: string): JsonSchema {
  return { $ref: id };
}

export function listResponse(id: string, extra: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: "object",
    description: "One page of records (rows) and how many match in all (totalRecords).",
    required: ["rows", "totalRecords"],
    properties: {
      rows: { type: "array", items: { $ref: id } },
      totalRecords: { type: "integer", minimum: 0 },
      ...extra,
    },
  };
}

/**
 * An entity list's page (issue 7 §4): listResponse, plus whether the total is counted or
 * estimated (past the first 10,000 rows) and the cursor of the page after it.
 */
export function entityListResponse(id: string, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const page = listResponse(id, {
    totalAccuracy: {
      type: "string",
      enum: ["exact", "about"],
      description: "exact: totalRecords is counted; about: more than 10,000 match and it is the planner's estimate.",
    },
    nextCursor: {
      type: ["string", "null"],
      description: "Pass as `after` for the page after this one; null on the last page.",
    },
    ...extra,
  });
  return { ...page, required: ["rows", "totalRecords", "totalAccuracy", "nextCursor"] };
}

export const noContent: JsonSchema = { type: "null", description: "No content." };

export const ERROR_SCHEMA_ID = "api/error.json";

export function errorResponses(...statuses: number[]): Record<number, JsonSchema> {
  return Object.fromEntries(statuses.map((status) => [status, recordResponse(ERROR_SCHEMA_ID)]));
}
