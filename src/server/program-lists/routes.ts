import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ListedProgramsQuery } from "../../../generated/types/api/listed-programs-query.ts";
import type { ProgramPatientsParams } from "../../../generated/types/api/program-patients-params.ts";
import type { ProgramPatientsQuery } from "../../../generated/types/api/program-patients-query.ts";
import type { AppContext } from "../app-context.ts";
import type { RouteAudit } from "../audit/route-audit.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { notFound } from "../http/http-error.ts";
import { errorResponses, listResponse } from "../http/response-schemas.ts";
import { CHART_READ_ACCESS, caller } from "../measures/access.ts";
import { chartVisible, resolveListView } from "../patients/patient-access.ts";
import { programVisible } from "../programs/program-visibility.ts";
import { hideWhileProgramsOff } from "../programs/programs-enabled.ts";
import { listedPrograms } from "./listed-programs.ts";
import { type ProgramPatientsSource, programPatientCount, programPatientsPage } from "./program-patients.ts";

const PROGRAM_NOT_FOUND = "The program does not exist.";

type PatientsRequest = FastifyRequest<{ Params: ProgramPatientsParams; Querystring: ProgramPatientsQuery }>;

const QUERY = { $ref: "api/program-patients-query.json" };
const PARAMS = { $ref: "api/program-patients-params.json" };

/** A batch of patients, or with countOnly just how many (a closed accordion). */
const PATIENTS_ANSWER = {
  type: "object",
  description:
    "A batch of a program list's patients (rows), how many it holds (totalRecords) and the cursor of the next batch; with countOnly, totalRecords alone.",
  required: ["totalRecords"],
  properties: {
    rows: { type: "array", items: { $ref: "api/responses/program-patient.json" } },
    totalRecords: { type: "integer", minimum: 0 },
    totalAccuracy: { type: "string", enum: ["exact", "about"] },
    nextCursor: { type: ["string", "null"], description: "Pass as `after` for the next batch; null on the last." },
  },
};

/**
 * Program lists (issue 11 §2; spec §4 Program lists, §7 Programs; docs/program-lists.md): the
 * patients in one program, by id or uuid, and the active patients in none, for Home's Programs
 * tab and the my-programs list. Who is listed is decided by patient-access.ts alone (chartVisible),
 * so however chart access grows (through admissions), these lists follow. 404 while programs are off.
 */
export async function programListRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  hideWhileProgramsOff(app, ctx);

  /** The caller's charts: all they may see, or one patient view of them (403 for a view they lack). */
  const visibleCharts = (user: RequestUser, query: ProgramPatientsQuery) => {
    if (!query.patient_selector) return chartVisible(user, "visible", "cca.id");
    const { view } = resolveListView(user, ctx.bundle, query.patient_selector, undefined);
    return chartVisible(user, view, "cca.id");
  };

  const answer = async (request: PatientsRequest, source: ProgramPatientsSource) => {
    const { query } = request;
    const req = {
      source,
      visible: visibleCharts(caller(request), query),
      highlight: query.patient_id,
      searchTerm: query.searchTerm || undefined,
      pageSize: query.pageSize ?? 20,
      after: query.after,
    };
    if (query.countOnly) return programPatientCount(ctx.db, req);
    return programPatientsPage(ctx.db, req);
  };

  /** The program named by id or uuid, when the caller may see it; else 404 like one that does not exist. */
  const visibleProgram = async (request: PatientsRequest): Promise<number> => {
    const { id, uuid } = request.params;
    let q = ctx.db
      .selectFrom("program as p")
      .select("p.id")
      .where(programVisible(caller(request), "p.id"));
    q = id !== undefined ? q.where("p.id", "=", id) : q.where("p.uuid", "=", String(uuid));
    const found = await q.executeTakeFirst();
    if (!found) throw notFound(PROGRAM_NOT_FOUND);
    return Number(found.id);
  };

  const programPatients = (path: string, audit: RouteAudit) =>
    app.get<{ Params: ProgramPatientsParams; Querystring: ProgramPatientsQuery }>(
      path,
      {
        config: { access: CHART_READ_ACCESS, audit },
        schema: { params: PARAMS, querystring: QUERY, response: { 200: PATIENTS_ANSWER, ...errorResponses(404) } },
      },
      async (request) => answer(request, { programId: await visibleProgram(request) }),
    );
  const listed = "program-list.patients";
  programPatients("/api/programs/:id/active-patients", { action: listed, recordType: "program", recordParam: "id" });
  // The same list by the program's uuid, for links that outlive a database's ids.
  programPatients("/api/programs/:uuid/patients", { action: listed });

  // A static path: Fastify's router prefers it to /api/programs/:uuid/patients whatever the order.
  app.get<{ Querystring: ProgramPatientsQuery }>(
    "/api/programs/patients/no-program",
    {
      config: { access: CHART_READ_ACCESS, audit: { action: "program-list.no-program" } },
      schema: { querystring: QUERY, response: { 200: PATIENTS_ANSWER } },
    },
    async (request) => answer(request as PatientsRequest, { noProgram: true }),
  );

  // The programs of the list, newest first. Program names only: nothing to audit.
  app.get<{ Querystring: ListedProgramsQuery }>(
    "/api/program-lists/programs",
    {
      config: { access: CHART_READ_ACCESS, audit: false },
      schema: {
        querystring: { $ref: "api/listed-programs-query.json" },
        response: { 200: listResponse("api/responses/listed-program.json") },
      },
    },
    async (request) => {
      const rows = await listedPrograms(ctx.db, caller(request), request.query.tab ?? "my");
      return { rows, totalRecords: rows.length };
    },
  );
}
