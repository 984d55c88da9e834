import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import type { AuditEventListQuery } from "../../../generated/types/api/audit-event-list-query.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser, RouteAccess } from "../auth/request-user.ts";
import { listTotal } from "../db/list-total.ts";
import { forbidden, notFound } from "../http/http-error.ts";
import { pageWindow } from "../http/paging.ts";
import { errorResponses, listResponse } from "../http/response-schemas.ts";
import { chartVisible } from "../patients/patient-access.ts";
import { CSV_COLUMNS, csvLine } from "./audit-csv.ts";
import { type AuditRows, eventColumns, filteredEvents } from "./audit-query.ts";

const AUDIT_READERS: RouteAccess = { anyOf: ["audit.read"] };
const CHART_READERS: RouteAccess = { anyOf: ["patients.viewAll", "patients.viewAssigned", "patients.viewSupervised"] };
const EXPORT_BATCH = 1000;
/** How many recent opens the chart's "Opened by" panel lists. */
const RECENT_OPENS = 20;

/**
 * Settings > Audit log (admins, audit.read): the trail filtered and paged, and its CSV export
 * (streamed in batches, so a six-year export does not sit in memory); both are themselves audited
 * (route-audit.ts). And a chart's "Opened by": who opened it lately, for admins and the clinicians
 * the chart is assigned to.
 */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: AuditEventListQuery }>(
    "/api/audit-events",
    {
      config: { access: AUDIT_READERS },
      schema: {
        querystring: { $ref: "api/audit-event-list-query.json" },
        response: {
          200: listResponse("api/responses/audit-event.json", {
            totalAccuracy: { type: "string", enum: ["exact", "about"] },
          }),
        },
      },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query);
      const filtered = filteredEvents(ctx.db, request.query);
      const [rows, total] = await Promise.all([
        eventColumns(filtered).orderBy("e.seq", "desc").limit(limit).offset(offset).execute(),
        listTotal(ctx.db as Kysely<unknown>, filtered),
      ]);
      return { rows, ...total };
    },
  );

  app.get<{ Querystring: AuditEventListQuery }>(
    "/api/audit-events/export",
    {
      config: { access: AUDIT_READERS },
      schema: {
        querystring: { $ref: "api/audit-event-list-query.json" },
        response: { 200: { type: "string", description: "text/csv: every event the filters match, newest first." } },
      },
    },
    async (request, reply) => {
      const { page: _page, pageSize: _size, ...filters } = request.query;
      const stamp = new Date().toISOString().slice(0, 10);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="audit-log-${stamp}.csv"`);
      return reply.send(Readable.from(csvBatches(filteredEvents(ctx.db, filters))));
    },
  );

  app.get<{ Params: { patientId: number } }>(
    "/api/patients/:patientId/opened-by",
    {
      config: { access: CHART_READERS },
      schema: {
        params: { $ref: "api/id-params.json" },
        response: { 200: listResponse("api/responses/chart-open.json"), ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const user = request.user as RequestUser;
      const chart = await ctx.db
        .selectFrom("client_clinic_assignment as cca")
        .select(["cca.id", sql<boolean>`${chartVisible(user, "my", "cca.id")}`.as("assigned")])
        .where("cca.patient_id", "=", request.params.patientId)
        .where(chartVisible(user, "visible", "cca.id"))
        .executeTakeFirst();
      if (!chart) throw notFound(MESSAGES.patientNotFound);
      // Admins and the chart's own clinicians (directly or through a team): others who may see
      // the chart (staff, directors, supervisors) are not shown who else looked.
      if (!user.permissions.has("audit.read") && !chart.assigned) throw forbidden();
      const rows = await ctx.db
        .selectFrom("audit_event as e")
        .innerJoin("app_user as u", "u.id", "e.user_id")
        .select(["e.seq as id", "e.at", sql<string>`u.first_name || ' ' || u.last_name`.as("user_name"), "e.roles"])
        .where("e.patient_id", "=", request.params.patientId)
        .where("e.action", "=", "patient.read")
        .where("e.outcome", "=", "success")
        .orderBy("e.seq", "desc")
        .limit(RECENT_OPENS)
        .execute();
      return { rows, totalRecords: rows.length };
    },
  );
}

/** The CSV, a header then batches of rows by keyset (seq), newest first. */
async function* csvBatches(filtered: AuditRows): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  let before: number | null = null;
  for (;;) {
    let batch = eventColumns(filtered).orderBy("e.seq", "desc").limit(EXPORT_BATCH);
    if (before !== null) batch = batch.where("e.seq", "<", before);
    const rows = (await batch.execute()) as Record<string, unknown>[];
    if (rows.length === 0) return;
    yield rows.map(csvLine).join("");
    before = rows[rows.length - 1].id as number;
    if (rows.length < EXPORT_BATCH) return;
  }
}
