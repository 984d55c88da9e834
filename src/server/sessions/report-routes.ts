import type { FastifyInstance } from "fastify";
import type { RespondentOverview } from "../../shared/api/chart-measures.ts";
import { escalationHours } from "../alerts/escalation.ts";
import type { AppContext } from "../app-context.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { CHART_READ_ACCESS, CHART_READ_PERMISSIONS, caller, readsCharts } from "../measures/access.ts";
import { reminderReadiness } from "../reminders/reminder-readiness.ts";
import { markResultSeen } from "../worklists/result-seen.ts";
import { assertAgreement } from "./agreement.ts";
import { clinicTimeZone } from "./availability.ts";
import { measuresOverview } from "./overview.ts";
import { visibleRespondentLink } from "./respondent-link.ts";
import { sessionReport } from "./session-report.ts";
import { ownSession, type SessionRow, visibleSession } from "./session-store.ts";

const PARAMS = { params: { $ref: "api/measure-params.json" } };
const SESSION_REPORT = {
  ...PARAMS,
  response: { 200: recordResponse("api/responses/session-report.json"), ...errorResponses(404) },
};

/** Session reports and the per-respondent measures overview (spec §7 Measures and sessions, Patients). */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // A clinician reading a result's report has opened it: Home's "New results" then shows it as
  // seen for them (docs/home.md). The mark is the read's, so every screen that opens a report counts.
  const clinicianReport = async (userId: number, session: SessionRow) => {
    const report = await sessionReport(ctx.db, ctx.bundle, session, {
      includeAlerts: true,
      overdueHours: await escalationHours(ctx, ctx.db),
    });
    await markResultSeen(ctx.db, userId, session);
    return report;
  };

  // Clinicians with the chart, and the respondent who answered (their own sessions only).
  app.get(
    "/api/measure-session/:clientMeasureId/session-report",
    { config: { access: { anyOf: [...CHART_READ_PERMISSIONS, "respondent.session"] } }, schema: SESSION_REPORT },
    async (request) => {
      const user = caller(request);
      const { clientMeasureId } = request.params as { clientMeasureId: number };
      const zone = await clinicTimeZone(ctx.db);
      if (readsCharts(user)) return clinicianReport(user.id, await visibleSession(ctx.db, zone, user, clientMeasureId));
      await assertAgreement(ctx.db, user.id);
      return sessionReport(ctx.db, ctx.bundle, await ownSession(ctx.db, zone, user.id, clientMeasureId), {
        includeAlerts: false,
      });
    },
  );

  app.get(
    "/api/overview/answers-report/:clientMeasureId",
    { config: { access: CHART_READ_ACCESS }, schema: SESSION_REPORT },
    async (request) => {
      const { clientMeasureId } = request.params as { clientMeasureId: number };
      const zone = await clinicTimeZone(ctx.db);
      const user = caller(request);
      return clinicianReport(user.id, await visibleSession(ctx.db, zone, user, clientMeasureId));
    },
  );

  app.get(
    "/api/overview/measures/:ccauId",
    {
      config: { access: CHART_READ_ACCESS },
      schema: {
        ...PARAMS,
        response: { 200: recordResponse("api/responses/respondent-overview.json"), ...errorResponses(404) },
      },
    },
    async (request): Promise<RespondentOverview> => {
      const { ccauId } = request.params as { ccauId: number };
      const link = await visibleRespondentLink(ctx.db, caller(request), ccauId);
      const rows = await measuresOverview(ctx.db, ctx.bundle, await clinicTimeZone(ctx.db), ccauId);
      // The chart's "Send reminder" button: available, or the sentence the send route would refuse with.
      const ready = await reminderReadiness(ctx, ctx.db, link);
      return {
        ccauId,
        ccaId: link.ccaId,
        patientId: link.patientId,
        respondent: { name: link.respondentName, relation_id: link.relationId },
        rows,
        totalRecords: rows.length,
        reminder: ready.ok ? { available: true, reason: null } : { available: false, reason: ready.message },
      };
    },
  );
}
