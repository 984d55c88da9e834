import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { OutboxQuery } from "../../../generated/types/api/outbox-query.ts";
import type { AppContext } from "../app-context.ts";
import { pageWindow } from "../http/paging.ts";
import { listResponse } from "../http/response-schemas.ts";
import { maskIn } from "./mask-secret.ts";

/**
 * GET /api/outbox (settings.admin): the messages the system sent or kept, newest first, so an
 * admin can see what went to whom and why. A message's secret (the token of a setup or reset
 * link, an access code) is shown masked (mask-secret.ts): an admin who could read live links
 * could sign in as anyone. The live secret goes only to the transport; delivered messages no
 * longer keep it at all (message-queue.ts). Tests read live links from the database row.
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
      const { status, channel } = request.query;
      // Capped like every list (http/paging.ts): a deep OFFSET reads every row before it.
      const { limit, offset } = pageWindow(request.query);
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
            "secret",
            "user_id",
            "created_at",
            "sent_at",
          ])
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(limit)
          .offset(offset)
          .execute(),
        query.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
      ]);
      const masked = rows.map(({ secret, ...row }) => ({
        ...row,
        subject: maskIn(row.subject, secret),
        body: maskIn(row.body, secret),
        link: maskIn(row.link, secret),
      }));
      return { rows: masked, totalRecords: total.n };
    },
  );
}
