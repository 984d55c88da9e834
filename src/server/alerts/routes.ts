import type { FastifyInstance } from "fastify";
import { type SqlBool, sql } from "kysely";
import type { AcknowledgedAlert, AlertAcknowledge, AlertList } from "../../shared/api/alerts.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { PatientView } from "../../shared/permissions.ts";
import { settleAfterAcknowledgement } from "../admissions/finalize-discharge.ts";
import type { AppContext } from "../app-context.ts";
import { forbidden, HttpError, notFound } from "../http/http-error.ts";
import { pageWindow } from "../http/paging.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { CHART_READ_ACCESS, CHART_WRITE_ACCESS, caller } from "../measures/access.ts";
import { chartVisible, resolveListView } from "../patients/patient-access.ts";
import { isPatientVisible } from "../patients/patient-mrn.ts";
import { savedUiSettings } from "../settings/ui-settings.ts";
import { type AlertSort, type AlertStatus, findAlert, listAlerts, statusPredicate } from "./alert-read.ts";
import { escalationHours } from "./escalation.ts";

export const ALERT_NOT_FOUND = "This alert does not exist or you do not have access to it.";
export const UNDO_NOT_YOURS = "Only the person who acknowledged this alert can undo the acknowledgement.";
export const UNDO_TOO_LATE = "The acknowledgement can no longer be undone.";
/** How long after acknowledging its author may undo it (the client offers 10 s). */
export const UNDO_WINDOW_SECONDS = 30;
const PARAMS = { params: { $ref: "api/measure-params.json" } };
const ALERT_LIST = { 200: recordResponse("api/responses/alert-list.json") };

interface AlertQuery {
  page?: number;
  pageSize?: number;
  status?: AlertStatus;
  patientSelector?: PatientView;
  sort?: AlertSort;
}

/**
 * Measure alerts for clinicians (spec §4 Alert: active until acknowledged; §7 measure-alerts).
 * Every query goes through chartVisible: an alert of a chart the user may not see does not exist.
 */
export async function alertRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    "/api/measure-alerts",
    {
      config: { access: CHART_READ_ACCESS },
      schema: { querystring: { $ref: "api/alert-list-query.json" }, response: ALERT_LIST },
    },
    async (request): Promise<AlertList> => {
      const user = caller(request);
      const query = request.query as AlertQuery;
      const saved = query.patientSelector ? undefined : (await savedUiSettings(ctx.db, user.id)).patientSelector;
      const { view, views } = resolveListView(user, ctx.bundle, query.patientSelector, saved);
      const status = query.status ?? "active";
      const result = await listAlerts(
        ctx.db,
        [chartVisible(user, view, "a.cca_id"), statusPredicate(status)],
        pageWindow(query),
        { overdueHours: await escalationHours(ctx, ctx.db), sort: query.sort ?? "overdue" },
      );
      return { ...result, status, patientSelector: view, views };
    },
  );

  const activeCount = {
    config: { access: CHART_READ_ACCESS },
    schema: { response: { 200: recordResponse("api/responses/alert-count.json") } },
  };
  app.get("/api/measure-alerts/active-alerts-count", activeCount, async (request) => {
    const row = await ctx.db
      .selectFrom("alert as a")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("a.acknowledged_at", "is", null)
      .where(chartVisible(caller(request), "visible", "a.cca_id"))
      .executeTakeFirstOrThrow();
    return { count: Number(row.n) };
  });

  const acknowledgeSchema = {
    ...PARAMS,
    response: { 200: recordResponse("api/responses/acknowledged-alert.json"), ...errorResponses(400, 404) },
  };
  app.post(
    "/api/measure-alerts/acknowledge/:id",
    {
      config: { access: CHART_WRITE_ACCESS },
      schema: { ...acknowledgeSchema, body: { $ref: "api/alert-acknowledge.json" } },
    },
    async (request): Promise<AcknowledgedAlert> => {
      const user = caller(request);
      const { id } = request.params as { id: number };
      const body = request.body as AlertAcknowledge;
      const access = chartVisible(user, "visible", "a.cca_id");
      const note = body.note?.trim() || null;
      // Only the first acknowledgement is recorded: acknowledging again answers the same record.
      const updated = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable("alert as a")
          .set({
            acknowledged_by: user.id,
            acknowledged_at: sql`now()`,
            disposition: body.disposition,
            disposition_note: note,
          })
          .where("a.id", "=", id)
          .where("a.acknowledged_at", "is", null)
          .where(access)
          .returning("a.id")
          .executeTakeFirst();
        // A pending discharge waiting for this alert may be final now (docs/programs-episodes.md).
        if (row) await settleAfterAcknowledgement(trx, row.id);
        return row;
      });
      const alert = await findAlert(ctx.db, id, access, await escalationHours(ctx, ctx.db));
      if (!alert) throw notFound(ALERT_NOT_FOUND);
      return { ...alert, acknowledgedNow: updated !== undefined };
    },
  );

  // The client's 10-second "Undo" calls this; the server allows a little more (network, a slow
  // click) but no more than UNDO_WINDOW_SECONDS, and only to the person who acknowledged.
  app.post(
    "/api/measure-alerts/unacknowledge/:id",
    {
      config: { access: CHART_WRITE_ACCESS },
      schema: { ...acknowledgeSchema, response: { ...acknowledgeSchema.response, ...errorResponses(403, 409) } },
    },
    async (request): Promise<AcknowledgedAlert> => {
      const user = caller(request);
      const { id } = request.params as { id: number };
      const access = chartVisible(user, "visible", "a.cca_id");
      const undone = await ctx.db
        .updateTable("alert as a")
        .set({ acknowledged_by: null, acknowledged_at: null, disposition: null, disposition_note: null })
        .where("a.id", "=", id)
        .where("a.acknowledged_by", "=", user.id)
        .where(sql<SqlBool>`a.acknowledged_at > now() - ${sql.raw(`interval '${UNDO_WINDOW_SECONDS} seconds'`)}`)
        .where(access)
        .returning("a.id")
        .executeTakeFirst();
      const alert = await findAlert(ctx.db, id, access, await escalationHours(ctx, ctx.db));
      if (!alert) throw notFound(ALERT_NOT_FOUND);
      if (!undone && alert.acknowledged_data) {
        if (alert.acknowledged_data.clinicianId !== user.id) throw forbidden(UNDO_NOT_YOURS);
        throw new HttpError(409, UNDO_TOO_LATE, "undo_window_passed");
      }
      // Already active (undone twice): nothing changed, the alert is answered as it is.
      return { ...alert, acknowledgedNow: false };
    },
  );

  app.get(
    "/api/patients/:patientId/alerts",
    {
      config: { access: CHART_READ_ACCESS },
      schema: {
        ...PARAMS,
        querystring: { $ref: "api/alert-list-query.json" },
        response: { ...ALERT_LIST, ...errorResponses(404) },
      },
    },
    async (request): Promise<AlertList> => {
      const user = caller(request);
      const { patientId } = request.params as { patientId: number };
      const query = request.query as AlertQuery;
      if (!(await isPatientVisible(ctx.db, user, patientId))) throw notFound(MESSAGES.patientNotFound);
      const status = query.status ?? "all";
      const result = await listAlerts(
        ctx.db,
        [chartVisible(user, "visible", "a.cca_id"), sql`p.id = ${patientId}`, statusPredicate(status)],
        pageWindow(query),
        { overdueHours: await escalationHours(ctx, ctx.db), sort: query.sort ?? "overdue" },
      );
      return { ...result, status };
    },
  );
}
