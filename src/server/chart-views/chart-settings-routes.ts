import type { FastifyInstance } from "fastify";
import type { ChartSettingsRequest } from "../../../generated/types/api/chart-settings.ts";
import type { AppContext } from "../app-context.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { CHART_READ_ACCESS, caller } from "../measures/access.ts";
import { readChartSettings, saveChartSettings } from "./chart-settings.ts";

/**
 * GET and POST library/chart-settings (spec §7 Measures and sessions): which measures' charts the
 * signed-in clinician is shown on patients' charts. Their own preference: no patient data.
 */
export async function chartSettingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    "/api/library/chart-settings",
    {
      config: { access: CHART_READ_ACCESS, audit: false },
      schema: { response: { 200: recordResponse("api/responses/chart-settings.json") } },
    },
    async (request) => readChartSettings(ctx.db, caller(request).id),
  );

  app.post<{ Body: ChartSettingsRequest }>(
    "/api/library/chart-settings",
    {
      config: { access: CHART_READ_ACCESS, audit: { action: "library.chart-settings" } },
      schema: {
        body: { $ref: "api/chart-settings.json" },
        response: { 200: recordResponse("api/responses/chart-settings.json"), ...errorResponses(400) },
      },
    },
    async (request) => saveChartSettings(ctx.db, caller(request).id, request.body.measure_uuids),
  );
}
