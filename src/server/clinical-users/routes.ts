import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { notFound } from "../http/http-error.ts";
import { SETTINGS_ADMIN } from "../settings/access.ts";
import { type ClinicalUserListQuery, listClinicalUsers, loadClinicalUser } from "./clinical-user-read.ts";
import { CLINICAL_USER_MESSAGES, type ClinicalUserBody, providerIdOwner } from "./clinical-user-rules.ts";
import { changeClinicalUserStatus, resetClinicalUserPassword, type StatusAction } from "./clinical-user-status.ts";
import { createClinicalUser, deleteClinicalUser, updateClinicalUser } from "./clinical-user-write.ts";

const ID_PARAMS = { $ref: "api/id-params.json" };
const BODY = { $ref: "entities/clinical-user.json" };

/**
 * Settings > Clinical users (spec §7 Clinical users, Security reset-clinical-user-password).
 * The by-role pick lists live in lookups/routes.ts.
 */
export async function clinicalUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const actor = (user: RequestUser | null) => (user as RequestUser).id;

  app.get(
    "/api/clinical-user",
    { config: { access: SETTINGS_ADMIN }, schema: { querystring: { $ref: "api/clinical-user-list-query.json" } } },
    async (request) => listClinicalUsers(ctx.db, request.query as ClinicalUserListQuery),
  );

  // Static paths: Fastify's router prefers them to /api/clinical-user/:id whatever the order.
  app.get(
    "/api/clinical-user/validate-provider-id-available",
    { config: { access: SETTINGS_ADMIN }, schema: { querystring: { $ref: "api/provider-id-query.json" } } },
    async (request) => {
      const { provider_id, clinician_id } = request.query as { provider_id: string; clinician_id?: number };
      const available = (await providerIdOwner(ctx.db, provider_id, clinician_id ?? null)) === null;
      return available ? { available } : { available, message: CLINICAL_USER_MESSAGES.providerIdInUse };
    },
  );

  app.post(
    "/api/clinical-user/change-status/:id",
    {
      config: { access: SETTINGS_ADMIN },
      schema: { params: ID_PARAMS, body: { $ref: "api/clinical-user-status-change.json" } },
    },
    async (request) => {
      const { action, channel } = request.body as { action: StatusAction; channel?: "email" | "sms" };
      const userId = (request.params as { id: number }).id;
      return changeClinicalUserStatus(ctx, { actorId: actor(request.user), userId, action, channel });
    },
  );

  app.post(
    "/api/security/reset-clinical-user-password/:id",
    { config: { access: SETTINGS_ADMIN }, schema: { params: ID_PARAMS } },
    async (request) =>
      resetClinicalUserPassword(ctx, { actorId: actor(request.user), userId: (request.params as { id: number }).id }),
  );

  app.get(
    "/api/clinical-user/:id",
    { config: { access: SETTINGS_ADMIN }, schema: { params: ID_PARAMS } },
    async (request) => {
      const user = await loadClinicalUser(ctx.db, (request.params as { id: number }).id);
      if (!user) throw notFound(CLINICAL_USER_MESSAGES.notFound);
      return user;
    },
  );

  app.post(
    "/api/clinical-user",
    { config: { access: SETTINGS_ADMIN }, schema: { body: BODY } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createClinicalUser(ctx.db, ctx.bundle, actor(request.user), request.body as ClinicalUserBody)),
  );

  app.put(
    "/api/clinical-user/:id",
    { config: { access: SETTINGS_ADMIN }, schema: { params: ID_PARAMS, body: BODY } },
    async (request) =>
      updateClinicalUser(
        ctx.db,
        ctx.bundle,
        actor(request.user),
        (request.params as { id: number }).id,
        request.body as ClinicalUserBody,
      ),
  );

  app.delete(
    "/api/clinical-user/:id",
    { config: { access: SETTINGS_ADMIN }, schema: { params: ID_PARAMS } },
    async (request, reply) => {
      await deleteClinicalUser(ctx.db, actor(request.user), (request.params as { id: number }).id);
      return reply.status(204).send();
    },
  );
}
