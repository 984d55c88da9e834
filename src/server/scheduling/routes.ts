import type { FastifyInstance } from "fastify";
import type { MeasureParams } from "../../../generated/types/api/measure-params.ts";
import type { ScheduleChangeDateRequest } from "../../../generated/types/api/schedule-change-date.ts";
import type { ScheduleChangeFrequencyRequest } from "../../../generated/types/api/schedule-change-frequency.ts";
import { enumOptions, schemaById } from "../../shared/schema/bundle.ts";
import type { AppContext } from "../app-context.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { CHART_WRITE_ACCESS, caller } from "../measures/access.ts";
import { ageOn } from "../patients/patient-age.ts";
import { clinicTimeZone, isOpen } from "../sessions/availability.ts";
import { visibleRespondentLink } from "../sessions/respondent-link.ts";
import { changeFrequency, changeSchedulingDate, removeMeasure, removeSchedule } from "./change-schedule.ts";
import { type ScheduleRequest, schedulableMeasures, scheduleMeasure, todayUtc } from "./schedule-measure.ts";

/**
 * Scheduling (issue 4 §4, issue 10 §1): the measures a respondent may be given, an assignment at
 * any frequency (its occurrences come from generate-occurrences.ts), and the changes and removals
 * of spec §4 (change-schedule.ts). All need write access to a chart the caller sees.
 */
export async function schedulingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    "/api/scheduling/:ccauId",
    {
      config: { access: CHART_WRITE_ACCESS },
      schema: {
        params: { $ref: "api/measure-params.json" },
        response: { 200: recordResponse("api/responses/schedulable-measures.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      const { ccauId } = request.params as { ccauId: number };
      const link = await visibleRespondentLink(ctx.db, caller(request), ccauId);
      const measures = await schedulableMeasures(ctx.db, link);
      const open = await ctx.db
        .selectFrom("client_measure as cm")
        .select(["cm.measure_id", "cm.due_date"])
        .where("cm.ccau_id", "=", ccauId)
        .where(isOpen(await clinicTimeZone(ctx.db)))
        .orderBy("cm.due_date")
        .execute();
      const nextDue = new Map<number, Date>();
      for (const row of open) if (!nextDue.has(row.measure_id)) nextDue.set(row.measure_id, row.due_date);
      return {
        ccauId,
        respondent: { name: link.respondentName, relation_id: link.relationId, respondent_type: link.respondentType },
        patient: { id: link.patientId, full_name: link.patientName, age: ageOn(link.birthDate, todayUtc()) },
        rows: measures.map((m) => ({
          id: m.id,
          measure_id: m.definition_id,
          abbreviation: m.abbreviation,
          short_name: m.short_name,
          name: m.name,
          condition: m.condition,
          respondent: m.respondent,
          question_count: m.question_count,
          next_due: nextDue.get(m.id)?.toISOString() ?? null,
        })),
        totalRecords: measures.length,
        frequencies: enumOptions(schemaById(ctx.bundle, "enums/frequency.json")),
      };
    },
  );

  app.post(
    "/api/scheduling",
    {
      config: { access: CHART_WRITE_ACCESS },
      schema: {
        body: { $ref: "api/schedule-create.json" },
        // 409 already_scheduled: the measure is due that day already; confirm to schedule it again.
        response: { 201: recordResponse("api/responses/scheduled-measure.json"), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const scheduled = await scheduleMeasure(ctx.db, ctx.bundle, caller(request), request.body as ScheduleRequest);
      return reply.status(201).send(scheduled);
    },
  );

  app.post<{ Body: ScheduleChangeFrequencyRequest }>(
    "/api/scheduling/change-frequency",
    {
      config: { access: CHART_WRITE_ACCESS, audit: { action: "measure.schedule-frequency" } },
      schema: {
        body: { $ref: "api/schedule-change-frequency.json" },
        response: { 200: recordResponse("api/responses/schedule-changed.json"), ...errorResponses(404) },
      },
    },
    async (request) => changeFrequency(ctx.db, caller(request), request.body),
  );

  app.post<{ Params: Required<Pick<MeasureParams, "clientMeasureId">>; Body: ScheduleChangeDateRequest }>(
    "/api/scheduling/:clientMeasureId/change-scheduling-date",
    {
      config: {
        access: CHART_WRITE_ACCESS,
        audit: { action: "measure.schedule-date", recordType: "client_measure", recordParam: "clientMeasureId" },
      },
      schema: {
        params: { $ref: "api/measure-params.json" },
        body: { $ref: "api/schedule-change-date.json" },
        // 409: a submitted measure does not move; the schedule has an answered measure on that day.
        response: { 200: recordResponse("api/responses/schedule-changed.json"), ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const { clientMeasureId } = request.params;
      const { dueDate } = request.body;
      const result = await changeSchedulingDate(ctx.db, caller(request), clientMeasureId, dueDate);
      return result ?? { schedule: null, upcoming: [] };
    },
  );

  app.delete<{ Params: Required<Pick<MeasureParams, "id">> }>(
    "/api/scheduling/:id",
    {
      config: {
        access: CHART_WRITE_ACCESS,
        audit: { action: "measure.schedule-remove", recordType: "schedule", recordParam: "id" },
      },
      schema: {
        params: { $ref: "api/measure-params.json" },
        response: { 200: recordResponse("api/responses/measure-removed.json"), ...errorResponses(404) },
      },
    },
    async (request) => removeSchedule(ctx.db, caller(request), request.params.id),
  );

  app.delete<{ Params: Required<Pick<MeasureParams, "ccauId" | "measureId">> }>(
    "/api/scheduling/user-assignment/:ccauId/remove-measure/:measureId",
    {
      config: {
        access: CHART_WRITE_ACCESS,
        audit: { action: "measure.remove", recordType: "respondent", recordParam: "ccauId" },
      },
      schema: {
        params: { $ref: "api/measure-params.json" },
        response: { 200: recordResponse("api/responses/measure-removed.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      const { ccauId, measureId } = request.params;
      return removeMeasure(ctx.db, caller(request), ccauId, measureId);
    },
  );
}
