import type { FastifyInstance } from "fastify";
import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { ClinicalUserListQuery } from "../../../generated/types/api/clinical-user-list-query.ts";
import type { ClinicalUserStatusChange } from "../../../generated/types/api/clinical-user-status-change.ts";
import type { IdParams } from "../../../generated/types/api/id-params.ts";
import type { ProviderIdQuery } from "../../../generated/types/api/provider-id-query.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { registerEntityRoutes } from "../entities/entity-routes.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { SETTINGS_ADMIN } from "../settings/access.ts";
import { clinicalUserEntity } from "./clinical-user-entity.ts";
import { CLINICAL_USER_MESSAGES, providerIdOwner } from "./clinical-user-rules.ts";
import { changeClinicalUserStatus, resetClinicalUserPassword } from "./clinical-user-status.ts";

const ID_PARAMS = { $ref: "api/id-params.json" };

type UserIdParams = Required<Pick<IdParams, "id">>;

/** The list filters of spec §7 beyond search: status, roles (any of them), no contact information. */
function listFilters(query: ClinicalUserListQuery): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  if (query.status !== undefined) where.push(sql<SqlBool>`e.status = ${query.status}`);
  if (query.roles?.length) {
    where.push(sql<SqlBool>`exists (select 1 from user_role r where r.user_id = e.id
      and r.role in (${sql.join(query.roles)}))`);
  }
  if (query.no_contact_information === true) {
    where.push(sql<SqlBool>`(e.email is null and not exists
      (select 1 from contact c where c.user_id = e.id and c.enabled))`);
  }
  return where;
}

/**
 * Settings > Clinical users (spec §7 Clinical users, Security reset-clinical-user-password).
 * The by-role pick lists live in lookups/routes.ts.
 */
export async function clinicalUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const actor = (user: RequestUser | null) => (user as RequestUser).id;

  registerEntityRoutes<ClinicalUserListQuery>(app, ctx, {
    path: "/api/clinical-user",
    definition: clinicalUserEntity,
    listQuery: "api/clinical-user-list-query.json",
    access: {
      list: SETTINGS_ADMIN,
      read: SETTINGS_ADMIN,
      create: SETTINGS_ADMIN,
      update: SETTINGS_ADMIN,
      delete: SETTINGS_ADMIN,
    },
    listScope: async (request) => ({ where: listFilters(request.query) }),
  });

  // Static paths: Fastify's router prefers them to /api/clinical-user/:id whatever the order.
  app.get<{ Querystring: ProviderIdQuery }>(
    "/api/clinical-user/validate-provider-id-available",
    {
      config: { access: SETTINGS_ADMIN },
      schema: {
        querystring: { $ref: "api/provider-id-query.json" },
        response: { 200: recordResponse("api/responses/provider-id-availability.json") },
      },
    },
    async (request) => {
      const { provider_id, clinician_id } = request.query;
      const available = (await providerIdOwner(ctx.db, provider_id, clinician_id ?? null)) === null;
      return available ? { available } : { available, message: CLINICAL_USER_MESSAGES.providerIdInUse };
    },
  );

  app.post<{ Params: UserIdParams; Body: ClinicalUserStatusChange }>(
    "/api/clinical-user/change-status/:id",
    {
      config: { access: SETTINGS_ADMIN },
      // 400: the action does not apply to the account's status, or its invitation cannot be sent.
      schema: {
        params: ID_PARAMS,
        body: { $ref: "api/clinical-user-status-change.json" },
        response: { 200: recordResponse("api/responses/clinical-user-status-result.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      const { action, channel } = request.body;
      return changeClinicalUserStatus(ctx, {
        actorId: actor(request.user),
        userId: request.params.id,
        action,
        channel,
      });
    },
  );

  app.post<{ Params: UserIdParams }>(
    "/api/security/reset-clinical-user-password/:id",
    {
      config: { access: SETTINGS_ADMIN },
      // 400: the caller's own account, or one without a password to reset (not set up, inactive).
      schema: {
        params: ID_PARAMS,
        response: { 200: recordResponse("api/responses/clinical-user-password-reset.json"), ...errorResponses(404) },
      },
    },
    async (request) => resetClinicalUserPassword(ctx, { actorId: actor(request.user), userId: request.params.id }),
  );
}
