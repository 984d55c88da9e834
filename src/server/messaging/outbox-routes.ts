import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { OutboxQuery } from "../../../generated/types/api/outbox-query.ts";
import type { AppContext } from "../app-context.ts";
import { listResponse } from "../http/response-schemas.ts";

/**
 * GET /api/outbox (settings.admin): the messages the system sent or kept, newest first, with
 * their links, so that without a mail server (the embedded demo) an admin can follow an
 * invitation end to end. Delivered messages no longer carry their link (message-queue.ts).
 */
export async function outboxRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: OutboxQuery }>(
    "/api/outbox",
    {
      config: { access: { anyOf: ["settings.admin"] } },
      schema: {
        querystring: { $ref: "api/outbox-query.json" },
        response: { 200: listResponse("api/responses/outbox-message.json") },
      },
    },
    async (request) => {
      const { page = 1, pageSize = 25, status, channel } = request.query;
      let query = ctx.db.selectFrom("outbox_message");
      if (status) query = query.where("status", "=", status);
      if (channel) query = query.where("channel", "=", channel);
      const [rows, total] = await Promise.all([
        query
          .select([
            "id",
            "channel",
            "recipient",
            "subject",
            "body",
            "link",
            "status",
            "attempts",
            "last_error",
            "provider_status",
            "purpose",
            "user_id",
            "created_at",
            "sent_at",
          ])
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        query.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
      ]);
      return { rows, totalRecords: total.n };
    },
  );
}
