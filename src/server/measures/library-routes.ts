import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app-context.ts";
import { notFound } from "../http/http-error.ts";
import { pageWindow } from "../http/paging.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { caller, LIBRARY_ACCESS } from "./access.ts";
import { libraryDetail } from "./library-detail.ts";
import { type LibraryFilter, libraryConditions, listLibrary, loadLibraryEntry, setStar } from "./library-read.ts";

const MEASURE_NOT_FOUND = "This measure does not exist.";
const PARAMS = { params: { $ref: "api/measure-params.json" } };
const NOT_FOUND = errorResponses(404);

/** The measure library (issue 4 §3): list with filters, detail, and per-user stars. */
export async function libraryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    "/api/library/list",
    {
      config: { access: LIBRARY_ACCESS },
      schema: {
        querystring: { $ref: "api/library-list-query.json" },
        response: { 200: recordResponse("api/responses/library-page.json") },
      },
    },
    async (request) => {
      const query = request.query as LibraryFilter & { page?: number; pageSize?: number };
      const user = caller(request);
      const result = await listLibrary(ctx.db, user.id, query, pageWindow(query));
      return { ...result, conditions: await libraryConditions(ctx.db) };
    },
  );

  app.get(
    "/api/library/:measureLibraryId",
    {
      config: { access: LIBRARY_ACCESS },
      schema: { ...PARAMS, response: { 200: recordResponse("api/responses/library-detail.json"), ...NOT_FOUND } },
    },
    async (request) => {
      const { measureLibraryId } = request.params as { measureLibraryId: number };
      const entry = await loadLibraryEntry(ctx.db, caller(request).id, measureLibraryId);
      if (!entry) throw notFound(MEASURE_NOT_FOUND);
      return libraryDetail(entry);
    },
  );

  for (const [method, starred] of [
    ["POST", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/api/library/:measureLibraryId/star",
      config: { access: LIBRARY_ACCESS },
      schema: { ...PARAMS, response: { 200: recordResponse("api/responses/library-star.json"), ...NOT_FOUND } },
      handler: async (request) => {
        const { measureLibraryId } = request.params as { measureLibraryId: number };
        if (!(await setStar(ctx.db, caller(request).id, measureLibraryId, starred))) throw notFound(MEASURE_NOT_FOUND);
        return { id: measureLibraryId, starred };
      },
    });
  }
}
