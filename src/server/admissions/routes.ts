import type { FastifyInstance } from "fastify";
import type { AdmissionCreateRequest } from "../../../generated/types/api/admission-create.ts";
import type { AdmissionUpdateRequest } from "../../../generated/types/api/admission-update.ts";
import type { DischargeRequest } from "../../../generated/types/api/discharge-request.ts";
import type { AppContext } from "../app-context.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { CHART_READ_ACCESS, CHART_WRITE_ACCESS, caller } from "../measures/access.ts";
import { hideWhileProgramsOff } from "../programs/programs-enabled.ts";
import { chartAdmissions, visibleChart } from "./admission-read.ts";
import { admitPatient } from "./admit-patient.ts";
import { availablePrograms } from "./available-programs.ts";
import { changeAdmissionDate, undoAdmission } from "./change-admission.ts";
import { dischargePatient } from "./discharge-patient.ts";

const PARAMS = { params: { $ref: "api/admission-params.json" } };
const ADMISSION_RESULT = recordResponse("api/responses/admission-result.json");
const onAdmission = (action: string) => ({
  action,
  recordType: "admission",
  recordParam: "accessControlProgramId",
});

/**
 * Admission and discharge (issue 11 §2; spec §7 Programs and Patients; docs/programs-episodes.md).
 * Reading a chart's admissions needs the chart; every change needs patients.write and the chart.
 * While the clinic does not use programs (general setting programs_enabled), every route is 404.
 */
export async function admissionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  hideWhileProgramsOff(app, ctx);

  app.post<{ Params: { programId: number }; Body: AdmissionCreateRequest }>(
    "/api/programs/:programId/create-assignment",
    {
      config: {
        access: CHART_WRITE_ACCESS,
        audit: { action: "admission.create", recordType: "program", recordParam: "programId" },
      },
      schema: {
        ...PARAMS,
        body: { $ref: "api/admission-create.json" },
        // 409: already in the program, or the program is inactive.
        response: { 201: ADMISSION_RESULT, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const result = await admitPatient(ctx.db, ctx.bundle, caller(request), request.params.programId, request.body);
      return reply.status(201).send(result);
    },
  );

  app.get<{ Params: { patientId: number } }>(
    "/api/patients/:patientId/programs",
    {
      config: {
        access: CHART_READ_ACCESS,
        audit: { action: "admission.list", recordType: "patient", recordParam: "patientId" },
      },
      schema: {
        ...PARAMS,
        response: { 200: recordResponse("api/responses/admission-list.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      const chart = await visibleChart(ctx.db, caller(request), { patientId: request.params.patientId });
      const rows = await chartAdmissions(ctx.db, ctx.bundle, chart.ccaId);
      return { rows, totalRecords: rows.length };
    },
  );

  app.get<{ Params: { patientId: number } }>(
    "/api/patients/:patientId/programs/available",
    {
      config: {
        access: CHART_WRITE_ACCESS,
        audit: { action: "admission.programs-available", recordType: "patient", recordParam: "patientId" },
      },
      schema: {
        ...PARAMS,
        response: { 200: recordResponse("api/responses/admission-programs.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      const chart = await visibleChart(ctx.db, caller(request), { patientId: request.params.patientId });
      const rows = await availablePrograms(ctx.db, chart.ccaId);
      return { rows, totalRecords: rows.length };
    },
  );

  app.put<{ Params: { patientId: number; accessControlProgramId: number }; Body: AdmissionUpdateRequest }>(
    "/api/patients/:patientId/programs/:accessControlProgramId",
    {
      config: { access: CHART_WRITE_ACCESS, audit: onAdmission("admission.update") },
      schema: {
        ...PARAMS,
        body: { $ref: "api/admission-update.json" },
        // 409: answered under it, or discharged.
        response: { 200: ADMISSION_RESULT, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const { patientId, accessControlProgramId } = request.params;
      return changeAdmissionDate(
        ctx.db,
        ctx.bundle,
        caller(request),
        patientId,
        accessControlProgramId,
        request.body.admission_date,
      );
    },
  );

  app.post<{ Params: { patientId: number; accessControlProgramId: number }; Body: DischargeRequest }>(
    "/api/patients/:patientId/programs/:accessControlProgramId/discharge",
    {
      config: { access: CHART_WRITE_ACCESS, audit: onAdmission("admission.discharge") },
      schema: {
        ...PARAMS,
        body: { $ref: "api/discharge-request.json" },
        // 409: already discharged.
        response: { 200: ADMISSION_RESULT, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const { patientId, accessControlProgramId } = request.params;
      return dischargePatient(ctx.db, ctx.bundle, caller(request), patientId, accessControlProgramId, request.body);
    },
  );

  // accessControlId is the chart (ccaId), as spec §7 names it.
  app.delete<{ Params: { accessControlId: number; accessControlProgramId: number } }>(
    "/api/patients/:accessControlId/programs/:accessControlProgramId",
    {
      config: { access: CHART_WRITE_ACCESS, audit: onAdmission("admission.undo") },
      schema: {
        ...PARAMS,
        // 409: answered under it, or discharged: it cannot be undone.
        response: { 200: recordResponse("api/responses/admission-undone.json"), ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const { accessControlId, accessControlProgramId } = request.params;
      return undoAdmission(ctx.db, caller(request), accessControlId, accessControlProgramId);
    },
  );
}
