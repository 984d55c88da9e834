import type { FastifyInstance } from "fastify";
import type { MeasureParams } from "../../../generated/types/api/measure-params.ts";
import type { ReminderSent } from "../../../generated/types/api/responses/reminder-sent.ts";
import { clinicName } from "../accounts/account-messages.ts";
import type { AppContext } from "../app-context.ts";
import { badRequest, HttpError } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { CHART_WRITE_ACCESS, caller } from "../measures/access.ts";
import { visibleRespondentLink } from "../sessions/respondent-link.ts";
import { reminderMessage } from "./reminder-message.ts";
import { reminderReadiness } from "./reminder-readiness.ts";
import { reminderLink } from "./reminder-recipient.ts";

/**
 * POST /api/respondents/:ccauId/send-reminder (spec §7 Respondent notifications; the spec's acId
 * is the respondent's link on the chart): a clinician with write access to the chart sends the
 * respondent one reminder now, about everything they have open. Refused with a sentence when it
 * cannot be sent (reminder-readiness.ts): 409 for the respondent's state, 400 for no way to
 * reach them. A chart outside the caller's access is a 404. The reminder also counts as the
 * "opened" reminder of those occurrences, so the job does not repeat it minutes later.
 */
export async function reminderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Params: Pick<MeasureParams, "ccauId"> }>(
    "/api/respondents/:ccauId/send-reminder",
    {
      config: {
        access: CHART_WRITE_ACCESS,
        audit: { action: "respondent.send-reminder", recordType: "respondent", recordParam: "ccauId" },
      },
      schema: {
        params: { $ref: "api/measure-params.json" },
        response: { 200: recordResponse("api/responses/reminder-sent.json"), ...errorResponses(404, 409) },
      },
    },
    async (request): Promise<ReminderSent> => {
      const link = await visibleRespondentLink(ctx.db, caller(request), request.params.ccauId as number);
      const ready = await reminderReadiness(ctx, ctx.db, link);
      if (!ready.ok) {
        if (ready.status === 400) throw badRequest([{ field: "contact", message: ready.message }]);
        throw new HttpError(409, ready.message, ready.code);
      }
      const clinic = await clinicName(ctx, ctx.db);
      const queued = await ctx.db.transaction().execute(async (trx) => {
        const sent = await ctx.messages.enqueue(
          trx,
          reminderMessage({
            to: ready.destination,
            userId: link.userId,
            clinic,
            kind: "manual",
            count: ready.openIds.length,
            ...reminderLink(ctx.config.accounts.publicUrl, ready.hasPassword),
          }),
        );
        await trx
          .insertInto("occurrence_reminder")
          .values(
            ready.openIds.map((id) => ({
              client_measure_id: id,
              kind: "opened" as const,
              claimed_at: new Date(),
              outbox_message_id: sent.id,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
        return sent;
      });
      return { sent: true, channel: ready.destination.channel, delivery: queued.status, open: ready.openIds.length };
    },
  );
}
