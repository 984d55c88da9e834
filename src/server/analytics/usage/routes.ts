import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UsageActivityQuery } from "../../../../generated/types/api/usage-activity-query.ts";
import type { UsageDueQuery } from "../../../../generated/types/api/usage-due-query.ts";
import type { UsageDueTotalQuery } from "../../../../generated/types/api/usage-due-total-query.ts";
import type { JsonSchema } from "../../../shared/schema/bundle.ts";
import type { AppContext } from "../../app-context.ts";
import type { RequestUser } from "../../auth/request-user.ts";
import { errorResponses } from "../../http/response-schemas.ts";
import { clinicTimeZone } from "../../sessions/availability.ts";
import { ANALYTICS_USAGE } from "../analytics-access.ts";
import { inviteFunnel } from "./invite-funnel.ts";
import { measureCompletion } from "./measure-completion.ts";
import { measuresDue } from "./measures-due.ts";
import { respondentUsage } from "./respondent-usage.ts";
import { signInCounts } from "./sign-in-counts.ts";
import { usageDays } from "./usage-range.ts";

/** The answer of every usage call (spec §7: "the response is read from results"). */
function resultsResponse(rowId: string): JsonSchema {
  return {
    type: "object",
    required: ["results"],
    properties: { results: { type: "array", items: { $ref: rowId } } },
  };
}

const caller = (request: FastifyRequest) => request.user as RequestUser;
// Aggregates only, no patient named; still audited, as a read of the clinic's activity.
const AUDIT = { action: "analytics.usage" };

/**
 * Usage dashboards' data (spec §7 Analytics "Usage"; docs/analytics-usage.md): POST calls with a
 * criteria body, each answering `{ results }` with the §3 usage series fields, counted over the
 * caller's scope (usage-scope.ts). Series have one row per day, ISO week or month of the range.
 */
export async function usageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const series = (body: string, row: string) => ({
    config: { access: ANALYTICS_USAGE, audit: AUDIT },
    schema: { body: { $ref: body }, response: { 200: resultsResponse(row), ...errorResponses(400) } },
  });

  app.post<{ Body: UsageActivityQuery }>(
    "/api/analytics/usage/respondents",
    series("api/usage-activity-query.json", "api/responses/usage-respondents-row.json"),
    async (request) => {
      const { date_range, graph_interval = "day" } = request.body.criteria;
      const days = usageDays(date_range, "criteria.date_range");
      const zone = await clinicTimeZone(ctx.db);
      return { results: await respondentUsage(ctx.db, caller(request), zone, days, graph_interval) };
    },
  );

  app.post<{ Body: UsageDueTotalQuery }>(
    "/api/analytics/usage/invites",
    series("api/usage-due-total-query.json", "api/responses/usage-invites-row.json"),
    async (request) => {
      const days = usageDays(request.body.criteria.due_date_range, "criteria.due_date_range");
      return { results: [await inviteFunnel(ctx.db, caller(request), days)] };
    },
  );

  app.post<{ Body: UsageDueQuery }>(
    "/api/analytics/usage/measures-due",
    series("api/usage-due-query.json", "api/responses/usage-measures-due-row.json"),
    async (request) => {
      const { due_date_range, graph_interval = "day" } = request.body.criteria;
      const days = usageDays(due_date_range, "criteria.due_date_range");
      return { results: await measuresDue(ctx.db, caller(request), days, graph_interval) };
    },
  );

  app.post<{ Body: UsageDueTotalQuery }>(
    "/api/analytics/usage/measure-completion",
    series("api/usage-due-total-query.json", "api/responses/usage-measure-completion-row.json"),
    async (request) => {
      const days = usageDays(request.body.criteria.due_date_range, "criteria.due_date_range");
      return { results: await measureCompletion(ctx.db, caller(request), days) };
    },
  );

  app.post<{ Body: UsageActivityQuery }>(
    "/api/analytics/usage/sign-ins",
    series("api/usage-activity-query.json", "api/responses/usage-sign-ins-row.json"),
    async (request) => {
      const { date_range, graph_interval = "day" } = request.body.criteria;
      const days = usageDays(date_range, "criteria.date_range");
      const zone = await clinicTimeZone(ctx.db);
      return { results: await signInCounts(ctx.db, caller(request), zone, days, graph_interval) };
    },
  );
}
