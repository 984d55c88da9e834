import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { PatientView } from "../../shared/permissions.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser, RouteAccess } from "../auth/request-user.ts";
import { badRequest, notFound } from "../http/http-error.ts";
import { savedUiSettings } from "../settings/ui-settings.ts";
import { chartVisible, resolveListView } from "./patient-access.ts";
import { patientModel } from "./patient-model.ts";
import { findMrnOwner, isPatientVisible } from "./patient-mrn.ts";
import { loadPatient, queryPatientPage, searchPredicate } from "./patient-read.ts";
import { createPatient, PatientRejected, updatePatient } from "./patient-write.ts";

const VIEW_PATIENTS: RouteAccess = { anyOf: ["patients.viewAll", "patients.viewAssigned", "patients.viewSupervised"] };
const WRITE_PATIENTS: RouteAccess = { anyOf: ["patients.write"] };

interface ListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: string;
  order?: "asc" | "desc";
  view?: PatientView;
}

function caller(request: FastifyRequest): RequestUser {
  // The access hook has rejected every request without a user before a handler runs.
  return request.user as RequestUser;
}

/** A refused save: field errors, plus the existing patient's id when the caller may open it. */
function sendRejected(reply: FastifyReply, err: PatientRejected) {
  return reply.status(400).send({
    error: err.message,
    code: "validation",
    errors: err.errors,
    ...(err.existingPatientId !== null ? { existingPatientId: err.existingPatientId } : {}),
  });
}

/** The patients slice (issue 2 §4): list, add, read, edit, and the MRN check of the patient form. */
export async function patientRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    "/api/patients",
    { config: { access: VIEW_PATIENTS }, schema: { querystring: { $ref: "api/patient-list-query.json" } } },
    async (request) => {
      const user = caller(request);
      const query = request.query as ListQuery;
      const model = patientModel(ctx.bundle);
      const saved = query.view ? undefined : (await savedUiSettings(ctx.db, user.id)).patientsList?.view;
      const { view, views } = resolveListView(user, ctx.bundle, query.view, saved);

      const sortField = query.sort ?? model.defaultSort.field;
      const sort = sortField ? model.sortable.get(sortField) : undefined;
      if (query.sort !== undefined && !sort) throw badRequest([{ field: "sort", message: "Sort is not valid" }]);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 25;
      const offset = (page - 1) * pageSize;
      if (!Number.isSafeInteger(offset)) throw badRequest([{ field: "page", message: "Page is not valid" }]);

      const search = query.search?.trim() ?? "";
      const filter = [chartVisible(user, view, "cca.id")];
      if (search) filter.push(searchPredicate(model, search));
      const result = await queryPatientPage(ctx.db, model, {
        filter,
        sort: sort ?? null,
        order: query.order ?? model.defaultSort.order,
        limit: pageSize,
        offset,
      });
      return { ...result, view, views };
    },
  );

  app.post(
    "/api/patients",
    { config: { access: WRITE_PATIENTS }, schema: { body: { $ref: "entities/patient.json" } } },
    async (request, reply) => {
      try {
        const patient = await createPatient(
          ctx.db,
          ctx.bundle,
          caller(request),
          request.body as Record<string, unknown>,
        );
        return reply.status(201).send(patient);
      } catch (err) {
        if (err instanceof PatientRejected) return sendRejected(reply, err);
        throw err;
      }
    },
  );

  // A static path: Fastify's router prefers it to /api/patients/:patientId whatever the order.
  app.get(
    "/api/patients/check-mrn",
    { config: { access: WRITE_PATIENTS }, schema: { querystring: { $ref: "api/check-mrn-query.json" } } },
    async (request) => {
      const user = caller(request);
      const { mrn, patientId } = request.query as { mrn: string; patientId?: number };
      // The patient being edited is left out only when the caller may see it, so the check
      // cannot be used to learn which MRN a hidden chart holds.
      const self = patientId !== undefined && (await isPatientVisible(ctx.db, user, patientId)) ? patientId : null;
      const owner = await findMrnOwner(ctx.db, mrn, self);
      if (owner === null) return { available: true, patientId: null };
      return { available: false, patientId: (await isPatientVisible(ctx.db, user, owner)) ? owner : null };
    },
  );

  app.get(
    "/api/patients/:patientId",
    { config: { access: VIEW_PATIENTS }, schema: { params: { $ref: "api/id-params.json" } } },
    async (request) => {
      const user = caller(request);
      const { patientId } = request.params as { patientId: number };
      const access = chartVisible(user, "visible", "cca.id");
      const patient = await loadPatient(ctx.db, patientModel(ctx.bundle), patientId, access);
      if (!patient) throw notFound(MESSAGES.patientNotFound);
      return patient;
    },
  );

  app.put(
    "/api/patients/:patientId",
    {
      config: { access: WRITE_PATIENTS },
      schema: { params: { $ref: "api/id-params.json" }, body: { $ref: "entities/patient.json" } },
    },
    async (request, reply) => {
      const { patientId } = request.params as { patientId: number };
      try {
        return await updatePatient(
          ctx.db,
          ctx.bundle,
          caller(request),
          patientId,
          request.body as Record<string, unknown>,
        );
      } catch (err) {
        if (err instanceof PatientRejected) return sendRejected(reply, err);
        throw err;
      }
    },
  );
}
