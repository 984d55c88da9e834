import type { FastifyInstance } from "fastify";
import { type SqlBool, sql } from "kysely";
import type { IdParams } from "../../../generated/types/api/id-params.ts";
import type { PatientUserListQuery } from "../../../generated/types/api/patient-user-list-query.ts";
import type { PatientUserStatusChange } from "../../../generated/types/api/patient-user-status-change.ts";
import { ACCOUNT_MANAGERS } from "../accounts/account-access.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { registerEntityRoutes } from "../entities/entity-routes.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { SETTINGS_STAFF } from "../settings/access.ts";
import { patientUserEntity } from "./patient-user-entity.ts";
import { changePatientUserStatus } from "./patient-user-status.ts";

const ID_PARAMS = { $ref: "api/id-params.json" };
const BASE = "/api/patient-user/respondents";

/**
 * Settings > Patient users (spec §7 Patient users): every patient user's account, with the
 * linked charts limited to those the caller may see (patient-access.ts).
 */
export async function patientUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerEntityRoutes<PatientUserListQuery>(app, ctx, {
    path: BASE,
    definition: patientUserEntity,
    listQuery: "api/patient-user-list-query.json",
    access: { list: SETTINGS_STAFF, read: SETTINGS_STAFF, update: SETTINGS_STAFF },
    listScope: async (request) => {
      const { status } = request.query;
      return { where: status === undefined ? [] : [sql<SqlBool>`e.status = ${status}`] };
    },
  });

  // The account actions of spec §4 (patient-user-status.ts). Staff, and clinicians on a chart the
  // person is linked to (the chart team's buttons): the account check there answers 404 otherwise.
  app.post<{ Params: Required<Pick<IdParams, "id">>; Body: PatientUserStatusChange }>(
    `${BASE}/:id/change-status`,
    {
      config: { access: { anyOf: ACCOUNT_MANAGERS } },
      // 400: the action does not apply to the account's status, or its invitation cannot be sent.
      schema: {
        params: ID_PARAMS,
        body: { $ref: "api/patient-user-status-change.json" },
        response: { 200: recordResponse("api/responses/patient-user-status-result.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      const { action, channel } = request.body;
      return changePatientUserStatus(ctx, request.user as RequestUser, { userId: request.params.id, action, channel });
    },
  );
}
