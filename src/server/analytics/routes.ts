import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AnalyticsScope } from "../../../generated/types/api/analytics-scope.ts";
import type { OutcomesExplorerRequest } from "../../../generated/types/api/outcomes-explorer-request.ts";
import type { SavedQueryListQuery } from "../../../generated/types/api/saved-query-list-query.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { registerEntityRoutes } from "../entities/entity-routes.ts";
import { ANALYTICS_OUTCOMES } from "./analytics-access.ts";
import { analyticsLocations, analyticsPrograms, scopedOptions } from "./analytics-options.ts";
import { outcomeRecords } from "./outcome-records.ts";
import { savedQueryEntity } from "./saved-query-entity.ts";
import { clinicalSignificanceRoutes } from "./significance/significance-routes.ts";

const caller = (request: FastifyRequest) => request.user as RequestUser;
const OPTIONS = { $ref: "api/responses/analytics-options.json" };

/**
 * The outcomes explorer (spec §7 Analytics; issue 13; docs/analytics.md): its filter choices,
 * its records and its saved queries. Every route needs the analytics role; records are cut to
 * the charts the caller may see, in the query's SQL.
 */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    "/api/analytics/programs",
    { config: { access: ANALYTICS_OUTCOMES, audit: false }, schema: { response: { 200: OPTIONS } } },
    async (request) => analyticsPrograms(ctx.db, ctx.bundle, caller(request)),
  );

  app.get(
    "/api/analytics/locations",
    { config: { access: ANALYTICS_OUTCOMES, audit: false }, schema: { response: { 200: OPTIONS } } },
    async () => analyticsLocations(ctx.db),
  );

  app.post<{ Body: AnalyticsScope }>(
    "/api/analytics/filter-options",
    {
      config: { access: ANALYTICS_OUTCOMES, audit: false },
      schema: {
        body: { $ref: "api/analytics-scope.json" },
        response: { 200: { $ref: "api/responses/analytics-scoped-options.json" } },
      },
    },
    async (request) => scopedOptions(ctx.db, request.body),
  );

  // Names, MRNs and scores of many patients at once: every query is on the audit trail.
  app.post<{ Body: OutcomesExplorerRequest }>(
    "/api/analytics/outcomes-explorer",
    {
      config: { access: ANALYTICS_OUTCOMES, audit: { action: "analytics.outcomes" } },
      schema: {
        body: { $ref: "api/outcomes-explorer-request.json" },
        response: { 200: { $ref: "api/responses/outcome-records.json" } },
      },
    },
    async (request) => outcomeRecords(ctx.db, ctx.bundle, caller(request), request.body),
  );

  // GET and POST analytics/queries, GET, PUT and DELETE analytics/queries/:id.
  registerEntityRoutes<SavedQueryListQuery>(app, ctx, {
    path: "/api/analytics/queries",
    definition: savedQueryEntity,
    listQuery: "api/saved-query-list-query.json",
    wholeList: true,
    access: {
      list: ANALYTICS_OUTCOMES,
      read: ANALYTICS_OUTCOMES,
      create: ANALYTICS_OUTCOMES,
      update: ANALYTICS_OUTCOMES,
      delete: ANALYTICS_OUTCOMES,
    },
  });
  await clinicalSignificanceRoutes(app, ctx);
}
