import type { FastifyInstance } from "fastify";
import type { SendInvitationRequest } from "../../../generated/types/api/send-invitation.ts";
import type { AppContext } from "../app-context.ts";
import { badRequest } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { ACCOUNT_MANAGERS, manageableAccount } from "./account-access.ts";
import { inviteUser } from "./invite-user.ts";

/**
 * POST /api/users/:acId/send-invitation (spec §7 Respondent notifications): invite, or invite
 * again, an account the caller manages (account-access.ts). A missing contact, a channel the
 * clinic has turned off or an account already set up is a 400 with the reason.
 */
export async function invitationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Params: { acId: number }; Body: SendInvitationRequest }>(
    "/api/users/:acId/send-invitation",
    {
      config: { access: { anyOf: ACCOUNT_MANAGERS } },
      schema: {
        params: { $ref: "api/id-params.json" },
        body: { $ref: "api/send-invitation.json" },
        response: { 200: recordResponse("api/responses/link-message-result.json"), ...errorResponses(404) },
      },
      // The body is optional: no body means "pick the channel for me".
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const user = request.user!;
      const account = await manageableAccount(ctx.db, user, request.params.acId);
      const result = await inviteUser(ctx, { userId: account.id, actorId: user.id, channel: request.body.channel });
      if (!result.sent)
        throw badRequest([{ field: "contact", message: result.reason ?? "The invitation was not sent." }]);
      return result;
    },
  );
}
