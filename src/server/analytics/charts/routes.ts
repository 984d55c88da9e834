import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AnalyticsQuery } from "../../../../generated/types/api/analytics-query.ts";
import type { ChartTextParams } from "../../../../generated/types/api/chart-text-params.ts";
import type { ChartTextUpdate } from "../../../../generated/types/api/chart-text-update.ts";
import type { OutcomeChartParams } from "../../../../generated/types/api/outcome-chart-params.ts";
import type { AppContext } from "../../app-context.ts";
import type { RequestUser } from "../../auth/request-user.ts";
import { errorResponses, noContent } from "../../http/response-schemas.ts";
import { SETTINGS_ADMIN } from "../../settings/access.ts";
import { ANALYTICS_OUTCOMES } from "../analytics-access.ts";
import { deleteChartText, listChartTexts, putChartText } from "./chart-texts.ts";
import { outcomeChart } from "./outcome-charts.ts";

const caller = (request: FastifyRequest) => request.user as RequestUser;

/**
 * The outcomes explorer's charts (issue 13 §2; docs/analytics.md Charts) and their titles and
 * captions per program (spec §9). A chart reads scores of many patients: every one is audited, as
 * the records are. The texts are settings: admins only, every change audited.
 */
export async function outcomeChartRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Params: OutcomeChartParams; Body: AnalyticsQuery }>(
    "/api/analytics/charts/:chartId",
    {
      config: { access: ANALYTICS_OUTCOMES, audit: { action: "analytics.chart" } },
      schema: {
        params: { $ref: "api/outcome-chart-params.json" },
        body: { $ref: "api/analytics-query.json" },
        response: { 200: { $ref: "api/responses/outcome-chart.json" } },
      },
    },
    async (request) => outcomeChart(ctx.db, ctx.bundle, caller(request), request.params.chartId, request.body),
  );

  app.get(
    "/api/analytics/chart-texts",
    {
      config: { access: SETTINGS_ADMIN, audit: false },
      schema: { response: { 200: { type: "array", items: { $ref: "api/responses/chart-text.json" } } } },
    },
    async () => listChartTexts(ctx.db),
  );

  app.put<{ Params: ChartTextParams; Body: ChartTextUpdate }>(
    "/api/analytics/chart-texts/:programId/:chartId",
    {
      config: {
        access: SETTINGS_ADMIN,
        audit: { action: "chart-text.update", recordType: "program", recordParam: "programId" },
      },
      schema: {
        params: { $ref: "api/chart-text-params.json" },
        body: { $ref: "api/chart-text-update.json" },
        response: {
          200: { anyOf: [{ $ref: "api/responses/chart-text.json" }, { type: "null" }] },
          ...errorResponses(404),
        },
      },
    },
    async (request) =>
      putChartText(ctx.db, caller(request).id, request.params.programId, request.params.chartId, request.body),
  );

  app.delete<{ Params: ChartTextParams }>(
    "/api/analytics/chart-texts/:programId/:chartId",
    {
      config: {
        access: SETTINGS_ADMIN,
        audit: { action: "chart-text.delete", recordType: "program", recordParam: "programId" },
      },
      schema: { params: { $ref: "api/chart-text-params.json" }, response: { 204: noContent } },
    },
    async (request, reply) => {
      await deleteChartText(ctx.db, request.params.programId, request.params.chartId);
      return reply.code(204).send();
    },
  );
}
