import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ClinicalSignificanceRequest } from "../../../../generated/types/api/clinical-significance-request.ts";
import type { AppContext } from "../../app-context.ts";
import type { RequestUser } from "../../auth/request-user.ts";
import { ANALYTICS_OUTCOMES } from "../analytics-access.ts";
import { clinicalSignificance } from "./clinical-significance.ts";

const caller = (request: FastifyRequest) => request.user as RequestUser;

/**
 * POST /api/analytics/clinical-significance (issue 13 §3): the explorer's query and a method,
 * answered with counts per instrument. It reads the scores of many patients at once, so every
 * run is on the audit trail, like the explorer's.
 */
export async function clinicalSignificanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Body: ClinicalSignificanceRequest }>(
    "/api/analytics/clinical-significance",
    {
      config: { access: ANALYTICS_OUTCOMES, audit: { action: "analytics.significance" } },
      schema: {
        body: { $ref: "api/clinical-significance-request.json" },
        response: { 200: { $ref: "api/responses/clinical-significance.json" } },
      },
    },
    async (request) => clinicalSignificance(ctx.db, ctx.bundle, caller(request), request.body),
  );
}
