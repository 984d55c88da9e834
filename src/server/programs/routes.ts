import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { ProgramListQuery } from "../../../generated/types/api/program-list-query.ts";
import type { ProgramOptionsQuery } from "../../../generated/types/api/program-options-query.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { registerEntityRoutes } from "../entities/entity-routes.ts";
import { notFound } from "../http/http-error.ts";
import { entityListResponse, errorResponses, listResponse, noContent } from "../http/response-schemas.ts";
import { PROGRAMS_ALL, PROGRAMS_MANAGE, PROGRAMS_READ } from "./program-access.ts";
import { PROGRAM_NOT_FOUND, programEntity } from "./program-entity.ts";
import {
  addProgramMeasure,
  type ProgramMeasureBody,
  programMeasures,
  removeProgramMeasure,
} from "./program-measures.ts";
import { activeProgram, notAGroup, programOptions } from "./program-options.ts";
import { programTypeEntity } from "./program-type-entity.ts";
import { programOf, programVisible } from "./program-visibility.ts";
import { hideWhileProgramsOff } from "./programs-enabled.ts";

type MeasureParams = { programId: number; measureId: number };
const MEASURE_PARAMS = { $ref: "api/program-measure-params.json" };
const OPTIONS = listResponse("api/responses/program-option.json");

const caller = (request: FastifyRequest) => request.user as RequestUser;

/**
 * Programs and program types (spec §7 Programs; docs/programs.md). Every route here is a 404
 * while general settings programs_enabled is off. Admissions and discharges live with the patient
 * routes that use these tables.
 */
export async function programRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  hideWhileProgramsOff(app, ctx);

  // GET programs (paged, the caller's programs), GET programs/:id, POST and PUT programs.
  const programs = registerEntityRoutes<ProgramListQuery>(app, ctx, {
    path: "/api/programs",
    definition: programEntity,
    listQuery: "api/program-list-query.json",
    access: { list: PROGRAMS_READ, read: PROGRAMS_READ, create: PROGRAMS_MANAGE, update: PROGRAMS_MANAGE },
  });

  registerEntityRoutes(app, ctx, {
    path: "/api/program-types",
    definition: programTypeEntity,
    listQuery: "api/program-type-list-query.json",
    // The program form's type picker reads every type.
    wholeList: true,
    access: { list: PROGRAMS_READ, read: PROGRAMS_MANAGE, create: PROGRAMS_MANAGE, update: PROGRAMS_MANAGE },
  });

  app.get<{ Querystring: ProgramListQuery }>(
    "/api/programs/my",
    {
      config: { access: PROGRAMS_READ, audit: false },
      schema: {
        querystring: { $ref: "api/program-list-query.json" },
        response: { 200: entityListResponse(programEntity.schemaId) },
      },
    },
    async (request) =>
      programs.list(ctx.db, request.query, { where: [programOf(sql.val(caller(request).id), sql.ref("e.id"))] }),
  );

  app.get(
    "/api/programs/all",
    { config: { access: PROGRAMS_ALL, audit: false }, schema: { response: { 200: OPTIONS } } },
    async () => {
      const rows = await programOptions(ctx.db, []);
      return { rows, totalRecords: rows.length };
    },
  );

  app.get(
    "/api/programs/by-role",
    { config: { access: PROGRAMS_READ, audit: false }, schema: { response: { 200: OPTIONS } } },
    async (request) => {
      const rows = await programOptions(ctx.db, [programVisible(caller(request), "p.id")]);
      return { rows, totalRecords: rows.length };
    },
  );

  app.get<{ Querystring: ProgramOptionsQuery }>(
    "/api/programs/get-all-programs",
    {
      config: { access: PROGRAMS_READ, audit: false },
      schema: { querystring: { $ref: "api/program-options-query.json" }, response: { 200: OPTIONS } },
    },
    async (request) => {
      const where = [programVisible(caller(request), "p.id"), activeProgram];
      if (request.query.excludeGroups) where.push(notAGroup);
      const rows = await programOptions(ctx.db, where);
      return { rows, totalRecords: rows.length };
    },
  );

  /** The program, when the caller may see it; else 404 like a program that does not exist. */
  const visibleProgram = async (request: FastifyRequest<{ Params: { programId: number } }>) => {
    const found = await ctx.db
      .selectFrom("program as p")
      .select("p.id")
      .where("p.id", "=", request.params.programId)
      .where(programVisible(caller(request), "p.id"))
      .executeTakeFirst();
    if (!found) throw notFound(PROGRAM_NOT_FOUND);
    return found.id;
  };

  app.get<{ Params: MeasureParams }>(
    "/api/programs/:programId/measures",
    {
      config: { access: PROGRAMS_READ, audit: false },
      schema: {
        params: MEASURE_PARAMS,
        response: { 200: listResponse("api/responses/program-measure.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      const rows = await programMeasures(ctx.db, await visibleProgram(request));
      return { rows, totalRecords: rows.length };
    },
  );

  app.post<{ Params: MeasureParams; Body: ProgramMeasureBody }>(
    "/api/programs/:programId/measures",
    {
      config: {
        access: PROGRAMS_MANAGE,
        audit: { action: "program.measure-add", recordType: "program", recordParam: "programId" },
      },
      schema: {
        params: MEASURE_PARAMS,
        body: { $ref: "api/program-measure-create.json" },
        response: { 201: listResponse("api/responses/program-measure.json"), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const programId = await visibleProgram(request);
      await addProgramMeasure(ctx.db, programId, request.body);
      const rows = await programMeasures(ctx.db, programId);
      return reply.status(201).send({ rows, totalRecords: rows.length });
    },
  );

  app.delete<{ Params: MeasureParams }>(
    "/api/programs/:programId/measures/:measureId",
    {
      config: {
        access: PROGRAMS_MANAGE,
        audit: { action: "program.measure-remove", recordType: "program", recordParam: "programId" },
      },
      schema: { params: MEASURE_PARAMS, response: { 204: noContent, ...errorResponses(404) } },
    },
    async (request, reply) => {
      await removeProgramMeasure(ctx.db, await visibleProgram(request), request.params.measureId);
      return reply.status(204).send();
    },
  );
}
