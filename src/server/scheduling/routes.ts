import type { FastifyInstance } from "fastify";
import { enumOptions, schemaById } from "../../shared/schema/bundle.ts";
import type { AppContext } from "../app-context.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { CHART_WRITE_ACCESS, caller } from "../measures/access.ts";
import { ageOn } from "../patients/patient-age.ts";
import { clinicTimeZone, isOpen } from "../sessions/availability.ts";
import { visibleRespondentLink } from "../sessions/respondent-link.ts";
import { type ScheduleRequest, schedulableMeasures, scheduleMeasure, todayUtc } from "./schedule-measure.ts";

/**
 * Scheduling (issue 4 §4): the measures a respondent may be given, and a one-time assignment.
 * Recurring frequencies are stored on the schedule now; generating their later occurrences
 * belongs to the scheduling issue.
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
}
