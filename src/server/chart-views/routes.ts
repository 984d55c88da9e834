import type { FastifyInstance } from "fastify";
import type { AnswersReportQuery } from "../../../generated/types/api/answers-report-query.ts";
import type { IdParams } from "../../../generated/types/api/id-params.ts";
import type { MeasureParams } from "../../../generated/types/api/measure-params.ts";
import type { MeasureHistory } from "../../../generated/types/api/responses/measure-history.ts";
import type { RespondentMeasureList } from "../../../generated/types/api/responses/respondent-measure-list.ts";
import type { TeamSessionsQuery } from "../../../generated/types/api/team-sessions-query.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import { escalationHours } from "../alerts/escalation.ts";
import type { AppContext } from "../app-context.ts";
import { notFound } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { CHART_READ_ACCESS, caller } from "../measures/access.ts";
import { visibleChart } from "../respondents/respondent-access.ts";
import { clinicTimeZone } from "../sessions/availability.ts";
import { measuresOverview } from "../sessions/overview.ts";
import { visibleRespondentLink } from "../sessions/respondent-link.ts";
import { sessionReport } from "../sessions/session-report.ts";
import { SESSION_NOT_FOUND, visibleSession } from "../sessions/session-store.ts";
import { latestSubmittedSession } from "./latest-submitted.ts";
import { measureListRow } from "./respondent-measure-list.ts";
import { sessionsDueOn } from "./sessions-due-on.ts";
import { teamLatestSessions } from "./team-latest.ts";

export const MEASURE_NOT_GIVEN = "This measure has not been given to this respondent, or you do not have access to it.";

const ok = (id: string) => ({ 200: recordResponse(id), ...errorResponses(404) });
const chartRead = (action: string, recordType: string, recordParam: string) => ({
  access: CHART_READ_ACCESS,
  audit: { action, recordType, recordParam },
});

/**
 * The chart's measure views (issue 10 §4; spec §7 Latest sessions, Patients): the team's latest
 * sessions, the sessions due on a day, a respondent's measures list, one measure's score history,
 * and the latest answers report. Every one reads a chart the caller may see (patient-access.ts
 * chartVisible) and answers 404 for any other, exactly as for one that does not exist; every read
 * is audited (PHI). The program variants of latest-session wait for programs (issue 11).
 */
export async function chartViewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Params: Required<Pick<IdParams, "ccaId">> }>(
    "/api/latest-session/team/:ccaId",
    {
      config: chartRead("chart.latest-sessions", "chart", "ccaId"),
      schema: { params: { $ref: "api/id-params.json" }, response: ok("api/responses/team-latest-sessions.json") },
    },
    async (request) => {
      const chart = await visibleChart(ctx.db, caller(request), request.params.ccaId);
      if (!chart) throw notFound(MESSAGES.patientNotFound);
      return teamLatestSessions(ctx.db, ctx.bundle, await clinicTimeZone(ctx.db), chart);
    },
  );

  app.get<{ Params: Required<Pick<IdParams, "ccaId">>; Querystring: TeamSessionsQuery }>(
    "/api/measure-session/team/:ccaId",
    {
      config: chartRead("chart.sessions-due", "chart", "ccaId"),
      schema: {
        params: { $ref: "api/id-params.json" },
        querystring: { $ref: "api/team-sessions-query.json" },
        response: ok("api/responses/team-sessions-due.json"),
      },
    },
    async (request) => {
      const chart = await visibleChart(ctx.db, caller(request), request.params.ccaId);
      if (!chart) throw notFound(MESSAGES.patientNotFound);
      return sessionsDueOn(ctx.db, await clinicTimeZone(ctx.db), chart, request.query.session_due_date);
    },
  );

  app.get<{ Params: Required<Pick<MeasureParams, "ccauId">> }>(
    "/api/respondents/:ccauId/measures",
    {
      config: chartRead("measure.list-read", "respondent", "ccauId"),
      schema: {
        params: { $ref: "api/measure-params.json" },
        response: ok("api/responses/respondent-measure-list.json"),
      },
    },
    async (request): Promise<RespondentMeasureList> => {
      const { ccauId } = request.params;
      const link = await visibleRespondentLink(ctx.db, caller(request), ccauId);
      const rows = (await measuresOverview(ctx.db, ctx.bundle, await clinicTimeZone(ctx.db), ccauId)).map(
        measureListRow,
      );
      return {
        ccauId,
        ccaId: link.ccaId,
        patientId: link.patientId,
        respondent: { name: link.respondentName, relation_id: link.relationId },
        rows,
        totalRecords: rows.length,
      };
    },
  );

  app.get<{ Params: Required<Pick<MeasureParams, "ccauId" | "measureId">> }>(
    "/api/overview/measures/:ccauId/:measureId",
    {
      config: chartRead("measure.history", "respondent", "ccauId"),
      schema: { params: { $ref: "api/measure-params.json" }, response: ok("api/responses/measure-history.json") },
    },
    async (request): Promise<MeasureHistory> => {
      const { ccauId, measureId } = request.params;
      const link = await visibleRespondentLink(ctx.db, caller(request), ccauId);
      const [m] = await measuresOverview(ctx.db, ctx.bundle, await clinicTimeZone(ctx.db), ccauId, measureId);
      if (!m) throw notFound(MEASURE_NOT_GIVEN);
      return {
        ccauId,
        ccaId: link.ccaId,
        patientId: link.patientId,
        respondent: { name: link.respondentName, relation_id: link.relationId },
        measure: {
          measureLibraryId: m.measureLibraryId,
          measure_id: m.measure_id,
          abbreviation: m.abbreviation,
          name: m.name,
          is_scorable: m.progress_chart.is_scorable,
        },
        points: m.progress_chart.sessions_progress_results,
      };
    },
  );

  app.get<{ Querystring: AnswersReportQuery }>(
    "/api/overview/answers-report",
    {
      config: chartRead("report.answers", "respondent", "ccauId"),
      schema: {
        querystring: { $ref: "api/answers-report-query.json" },
        response: ok("api/responses/session-report.json"),
      },
    },
    async (request) => {
      const user = caller(request);
      const { ccauId, measureId } = request.query;
      await visibleRespondentLink(ctx.db, user, ccauId);
      const latest = await latestSubmittedSession(ctx.db, ccauId, measureId);
      if (latest === null) throw notFound(SESSION_NOT_FOUND);
      const session = await visibleSession(ctx.db, await clinicTimeZone(ctx.db), user, latest);
      return sessionReport(ctx.db, ctx.bundle, session, {
        includeAlerts: true,
        overdueHours: await escalationHours(ctx, ctx.db),
      });
    },
  );
}
