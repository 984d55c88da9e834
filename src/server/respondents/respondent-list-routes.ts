import type { FastifyInstance } from "fastify";
import { type SqlBool, sql } from "kysely";
import type { RespondentListQuery } from "../../../generated/types/api/respondent-list-query.ts";
import type { AppContext } from "../app-context.ts";
import { registerEntityRoutes } from "../entities/entity-routes.ts";
import { CHART_READ_ACCESS } from "../measures/access.ts";
import { patientUserEntity } from "../patient-users/patient-user-entity.ts";
import { chartVisible } from "../patients/patient-access.ts";

/**
 * /clinician/respondents (issue 10 §3; docs/home.md): the respondents of the charts the caller may
 * see (any of their patient views), filterable by account status. It is the patient-user entity
 * of Settings > Patient users, read under the caller's chart visibility in SQL: an account shows
 * only when it is linked to a chart the caller sees, and with only those charts (the entity's
 * linked patients already follow the viewer). Editing stays on the chart and in settings.
 */
export async function respondentListRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerEntityRoutes<RespondentListQuery>(app, ctx, {
    path: "/api/respondents",
    definition: patientUserEntity,
    listQuery: "api/respondent-list-query.json",
    access: { list: CHART_READ_ACCESS },
    listScope: async (request, user) => {
      const { status } = request.query;
      const onVisibleChart = sql<SqlBool>`exists (select 1 from cca_user cu
        join client_clinic_assignment cca on cca.id = cu.cca_id
        where cu.user_id = e.id and cu.deleted_at is null and ${chartVisible(user, "visible", "cca.id")})`;
      return { where: [onVisibleChart, ...(status === undefined ? [] : [sql<SqlBool>`e.status = ${status}`])] };
    },
  });
}
