import type { FastifyInstance } from "fastify";
import { type SqlBool, sql } from "kysely";
import type { CheckMrnQuery } from "../../../generated/types/api/check-mrn-query.ts";
import type { PatientListQuery } from "../../../generated/types/api/patient-list-query.ts";
import type { PatientStatusChange } from "../../../generated/types/api/patient-status-change.ts";
import { LIST_REACH } from "../../shared/lists/list-reach.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser, RouteAccess } from "../auth/request-user.ts";
import { registerEntityRoutes } from "../entities/entity-routes.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { savedUiSettings } from "../settings/ui-settings.ts";
import { patientVisible, patientVisibleCount, resolveListView } from "./patient-access.ts";
import { patientEntity } from "./patient-entity.ts";
import { findMrnOwner, isPatientVisible } from "./patient-mrn.ts";
import { changePatientStatus } from "./patient-status.ts";

const VIEW_PATIENTS: RouteAccess = { anyOf: ["patients.viewAll", "patients.viewAssigned", "patients.viewSupervised"] };
const WRITE_PATIENTS: RouteAccess = { anyOf: ["patients.write"] };

/** The patients slice (issue 2 §4): list, add, read, edit, and the MRN check of the patient form. */
export async function patientRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerEntityRoutes(app, ctx, {
    path: "/api/patients",
    idParam: "patientId",
    definition: patientEntity,
    listQuery: "api/patient-list-query.json",
    access: { list: VIEW_PATIENTS, read: VIEW_PATIENTS, create: WRITE_PATIENTS, update: WRITE_PATIENTS },
    listAnswer: {
      view: { $ref: "enums/patient-view.json" },
      views: {
        type: "array",
        description: "The views the caller may choose.",
        items: { $ref: "enums/patient-view.json" },
      },
    },
    // The list shows one of the caller's views (mine, my teams', supervised, all); without one
    // in the query, the view they last chose.
    async listScope(request, user) {
      const query = request.query as PatientListQuery;
      const saved = query.view ? undefined : (await savedUiSettings(ctx.db, user.id)).patientsList?.view;
      const { view, views } = resolveListView(user, ctx.bundle, query.view, saved);
      // A view is one of the caller's own sets of charts, so it replaces their whole visibility.
      const where = query.status ? [sql<SqlBool>`e.active = ${query.status === "active"}`] : [];
      return {
        visibility: patientVisible(user, view, "e.id"),
        visibleCount: patientVisibleCount(user, view, LIST_REACH + 1),
        where,
        answer: { view, views },
      };
    },
  });

  // Deactivate or reactivate from the chart (patient-status.ts); the status is read-only on the form.
  app.post<{ Params: { patientId: number }; Body: PatientStatusChange }>(
    "/api/patients/:patientId/change-status",
    {
      config: {
        access: WRITE_PATIENTS,
        audit: { action: "patient.change-status", recordType: "patient", recordParam: "patientId" },
      },
      schema: {
        params: { $ref: "api/measure-params.json" },
        body: { $ref: "api/patient-status-change.json" },
        response: { 200: recordResponse("api/responses/patient-status-result.json"), ...errorResponses(404) },
      },
    },
    async (request) =>
      changePatientStatus(ctx, request.user as RequestUser, {
        patientId: request.params.patientId,
        action: request.body.action,
      }),
  );

  // A static path: Fastify's router prefers it to /api/patients/:patientId whatever the order.
  app.get<{ Querystring: CheckMrnQuery }>(
    "/api/patients/check-mrn",
    {
      config: { access: WRITE_PATIENTS },
      schema: {
        querystring: { $ref: "api/check-mrn-query.json" },
        response: { 200: recordResponse("api/responses/mrn-check.json") },
      },
    },
    async (request) => {
      const user = request.user as RequestUser;
      const { mrn, patientId } = request.query;
      // The patient being edited is left out only when the caller may see it, so the check
      // cannot be used to learn which MRN a hidden chart holds.
      const self = patientId !== undefined && (await isPatientVisible(ctx.db, user, patientId)) ? patientId : null;
      const owner = await findMrnOwner(ctx.db, mrn, self);
      if (owner !== null && (await isPatientVisible(ctx.db, user, owner)))
        return { available: false, patientId: owner };
      // Free, or held by a chart the caller may not see: the same answer, so the check never
      // confirms that a hidden patient exists (issue 8 §3). Only a caller who sees every patient
      // learns that it is free; the save's uniqueness rule says "MRN already in use" to anyone.
      if (user.permissions.has("patients.viewAll")) return { available: owner === null, patientId: null };
      return { available: null, patientId: null };
    },
  );
}
