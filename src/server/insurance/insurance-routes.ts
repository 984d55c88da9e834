import type { FastifyInstance } from "fastify";
import type { IdParams } from "../../../generated/types/api/id-params.ts";
import type { Insurance } from "../../../generated/types/entities/insurance.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser, RouteAccess } from "../auth/request-user.ts";
import { entityStore } from "../entities/entity-store.ts";
import { HttpError, notFound } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { isPatientVisible } from "../patients/patient-mrn.ts";
import { emptyInsurance, insuranceEntity, placeEmptyInsurance } from "./insurance-entity.ts";

const VIEW_PATIENTS: RouteAccess = { anyOf: ["patients.viewAll", "patients.viewAssigned", "patients.viewSupervised"] };
const WRITE_PATIENTS: RouteAccess = { anyOf: ["patients.write"] };
const PATH = "/api/v2/patients/:patientId/insurance";
const ID_PARAMS = { $ref: "api/id-params.json" };
const INSURANCE = recordResponse("entities/insurance.json");

type PatientParams = Pick<Required<IdParams>, "patientId">;

/**
 * The chart's insurance (spec §7 GET and PUT v2/patients/{patientId}/insurance; docs/insurance.md).
 * Read by whoever may see the patient's chart, changed by those who may also write patients; a
 * chart outside the caller's access is 404, like a patient that does not exist. A patient with no
 * insurance on file reads as an empty record at version 0; saving it stores the first version.
 */
export async function insuranceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = entityStore(insuranceEntity, ctx.bundle);

  app.get<{ Params: PatientParams }>(
    PATH,
    {
      config: {
        access: VIEW_PATIENTS,
        audit: { action: "insurance.read", recordType: "patient", recordParam: "patientId" },
      },
      schema: { params: ID_PARAMS, response: { 200: INSURANCE, ...errorResponses(404) } },
    },
    async (request) => {
      const user = request.user as RequestUser;
      const { patientId } = request.params;
      const stored = await store.read(ctx.db, patientId, user);
      if (stored) return stored;
      if (!(await isPatientVisible(ctx.db, user, patientId))) throw notFound(MESSAGES.patientNotFound);
      return emptyInsurance(store.model, patientId);
    },
  );

  app.put<{ Params: PatientParams; Body: Insurance }>(
    PATH,
    {
      config: {
        access: WRITE_PATIENTS,
        audit: { action: "insurance.update", recordType: "patient", recordParam: "patientId" },
      },
      // 409: the save was based on an older version; 428: it named none (docs/entity-engine.md).
      schema: {
        params: ID_PARAMS,
        body: { $ref: "entities/insurance.json" },
        response: { 200: INSURANCE, ...errorResponses(404, 409, 428) },
      },
    },
    async (request) => {
      const user = request.user as RequestUser;
      const { patientId } = request.params;
      const body = request.body as Record<string, unknown>;
      if (!(await isPatientVisible(ctx.db, user, patientId))) throw notFound(MESSAGES.patientNotFound);
      if (typeof body.version !== "number") throw new HttpError(428, MESSAGES.versionRequired, "version_required");
      // A save based on the empty record (version 0) is the first: its row is placed empty, and
      // the engine's update then checks the version like any other save.
      if (body.version === 0) await placeEmptyInsurance(patientId).execute(ctx.db);
      return store.update(ctx.db, user, patientId, body);
    },
  );
}
