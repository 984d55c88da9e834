import type { FastifyInstance } from "fastify";
import type { WorklistParams } from "../../../generated/types/api/worklist-params.ts";
import type { WorklistQuery } from "../../../generated/types/api/worklist-query.ts";
import type { AppContext } from "../app-context.ts";
import { DEFAULT_PAGE_SIZE } from "../http/paging.ts";
import { entityListResponse } from "../http/response-schemas.ts";
import { CHART_READ_ACCESS, caller } from "../measures/access.ts";
import { chartVisible, resolveListView } from "../patients/patient-access.ts";
import { clinicTimeZone } from "../sessions/availability.ts";
import { savedUiSettings } from "../settings/ui-settings.ts";
import { type WorklistKind, worklistPage } from "./worklist-query.ts";
import { dayRange } from "./worklist-range.ts";
import { worklistRows } from "./worklist-rows.ts";

const VIEW_ANSWER = {
  view: { $ref: "enums/patient-view.json" },
  views: { type: "array", description: "The views the caller may choose.", items: { $ref: "enums/patient-view.json" } },
};

/**
 * The clinician's worklists (issue 10 §3; spec §7 "patients/from/{startDate}/to/{endDate}";
 * docs/home.md): Home's Today and This week tabs read what is due in a range of days, its New
 * results tab what was completed in one. Both list the charts of the caller's patient-list view
 * (the same views and saved choice as GET /api/patients), filtered in SQL, a page at a time.
 */
export async function worklistRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const route = (kind: WorklistKind, action: string) =>
    app.get<{ Params: WorklistParams; Querystring: WorklistQuery }>(
      `/api/patients/from/:startDate/to/:endDate/${kind}`,
      {
        config: { access: CHART_READ_ACCESS, audit: { action } },
        schema: {
          params: { $ref: "api/worklist-params.json" },
          querystring: { $ref: "api/worklist-query.json" },
          response: { 200: entityListResponse("api/responses/worklist-row.json", VIEW_ANSWER) },
        },
      },
      async (request) => {
        const user = caller(request);
        const range = dayRange(request.params.startDate, request.params.endDate);
        const { query } = request;
        const saved = query.view ? undefined : (await savedUiSettings(ctx.db, user.id)).patientsList?.view;
        const { view, views } = resolveListView(user, ctx.bundle, query.view, saved);
        const page = await worklistPage(ctx.db, {
          kind,
          range,
          zone: await clinicTimeZone(ctx.db),
          userId: user.id,
          visible: chartVisible(user, view, "cca.id"),
          pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
          after: query.after,
        });
        return { ...page, rows: await worklistRows(ctx.db, ctx.bundle, kind, page.rows), view, views };
      },
    );

  route("scheduled", "worklist.scheduled");
  route("completed", "worklist.completed");
}
