import type { FastifyInstance } from "fastify";
import type { PatientUserStatusChange } from "../../../generated/types/api/patient-user-status-change.ts";
import { ACCOUNT_MANAGERS } from "../accounts/account-access.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { notFound } from "../http/http-error.ts";
import { SETTINGS_STAFF } from "../settings/access.ts";
import { listPatientUsers, loadPatientUser, type PatientUserListQuery } from "./patient-user-read.ts";
import { changePatientUserStatus } from "./patient-user-status.ts";
import { PATIENT_USER_NOT_FOUND, type PatientUserBody, updatePatientUser } from "./patient-user-write.ts";

const ID_PARAMS = { $ref: "api/id-params.json" };
const BASE = "/api/patient-user/respondents";

/**
 * Settings > Patient users (spec §7 Patient users): every patient user's account, with the
 * linked charts limited to those the caller may see (patient-access.ts).
 */
export async function patientUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const caller = (user: RequestUser | null) => user as RequestUser;

  app.get(
    BASE,
    { config: { access: SETTINGS_STAFF }, schema: { querystring: { $ref: "api/patient-user-list-query.json" } } },
    async (request) =>
      listPatientUsers(ctx.db, ctx.bundle, caller(request.user), request.query as PatientUserListQuery),
  );

  app.get(`${BASE}/:id`, { config: { access: SETTINGS_STAFF }, schema: { params: ID_PARAMS } }, async (request) => {
    const user = await loadPatientUser(ctx.db, ctx.bundle, caller(request.user), (request.params as { id: number }).id);
    if (!user) throw notFound(PATIENT_USER_NOT_FOUND);
    return user;
  });

  app.put(
    `${BASE}/:id`,
    {
      config: { access: SETTINGS_STAFF },
      schema: { params: ID_PARAMS, body: { $ref: "entities/patient-user.json" } },
    },
    async (request) => {
      const user = caller(request.user);
      const { id } = request.params as { id: number };
      await updatePatientUser(ctx.db, ctx.bundle, user.id, id, request.body as PatientUserBody);
      return loadPatientUser(ctx.db, ctx.bundle, user, id);
    },
  );

  // The account actions of spec §4 (patient-user-status.ts). Staff, and clinicians on a chart the
  // person is linked to (the chart team's buttons): the account check there answers 404 otherwise.
  app.post(
    `${BASE}/:id/change-status`,
    {
      config: { access: { anyOf: ACCOUNT_MANAGERS } },
      schema: { params: ID_PARAMS, body: { $ref: "api/patient-user-status-change.json" } },
    },
    async (request) => {
      const { action, channel } = request.body as PatientUserStatusChange;
      const userId = (request.params as { id: number }).id;
      return changePatientUserStatus(ctx, caller(request.user), { userId, action, channel });
    },
  );
}
