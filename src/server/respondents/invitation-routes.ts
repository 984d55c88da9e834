import type { FastifyInstance } from "fastify";
import type { AcceptChartInvitationRequest } from "../../../generated/types/api/accept-chart-invitation.ts";
import { publicLimit } from "../accounts/rate-limit.ts";
import type { AppContext } from "../app-context.ts";
import { recordResponse } from "../http/response-schemas.ts";
import { acceptChartInvitation, INVITATION_ACCEPTED } from "./chart-invitation.ts";

/**
 * POST /api/respondent-invitations/accept: a person accepts an invitation to join a chart's team
 * (chart-invitation.ts). Public and rate-limited like the other single-use links: the link sent to
 * the person's own email or phone is the proof. The secret travels in the body, never in a URL a
 * log or a proxy could keep. 400 "Your link has expired. Please try again." for a used, expired
 * or unknown link.
 */
export async function chartInvitationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Body: AcceptChartInvitationRequest }>(
    "/api/respondent-invitations/accept",
    {
      config: { access: "public", rateLimit: publicLimit(ctx) },
      schema: {
        body: { $ref: "api/accept-chart-invitation.json" },
        response: { 200: recordResponse("api/responses/chart-invitation-accepted.json") },
      },
    },
    async (request) => {
      await acceptChartInvitation(ctx, request.body.token);
      return { accepted: true, message: INVITATION_ACCEPTED };
    },
  );
}
