import type { FastifyInstance } from "fastify";
import type { LocationReassignRequest } from "../../../generated/types/api/location-reassign.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { registerEntityRoutes } from "../entities/entity-routes.ts";
import { notFound } from "../http/http-error.ts";
import { errorResponses, listResponse, recordResponse } from "../http/response-schemas.ts";
import { FORM_LOOKUPS, SETTINGS_ADMIN } from "../settings/access.ts";
import { LOCATION_NOT_FOUND, locationEntity } from "./location-entity.ts";
import { locationsForList, locationUsers } from "./location-read.ts";
import { reassignLocationUsers } from "./location-reassign.ts";
import { usStates } from "./states.ts";

const ID_PARAMS = { $ref: "api/id-params.json" };

/** Settings > Locations (spec §7 Locations): states, the list, add, edit, delete, users and reassignment. */
export async function locationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = registerEntityRoutes(app, ctx, {
    path: "/api/location",
    definition: locationEntity,
    listQuery: "api/location-list-query.json",
    access: {
      list: SETTINGS_ADMIN,
      read: SETTINGS_ADMIN,
      create: SETTINGS_ADMIN,
      update: SETTINGS_ADMIN,
      delete: SETTINGS_ADMIN,
    },
  });

  app.get(
    "/api/state",
    {
      config: { access: FORM_LOOKUPS },
      schema: { response: { 200: listResponse("api/responses/state-option.json") } },
    },
    async () => {
      const rows = usStates(ctx.bundle);
      return { rows, totalRecords: rows.length };
    },
  );

  // Static paths: Fastify's router prefers them to /api/location/:id whatever the order.
  app.get(
    "/api/location/for-list",
    {
      config: { access: FORM_LOOKUPS },
      schema: { response: { 200: listResponse("api/responses/location-option.json") } },
    },
    async () => {
      const rows = await locationsForList(ctx.db);
      return { rows, totalRecords: rows.length };
    },
  );

  app.put<{ Body: LocationReassignRequest }>(
    "/api/location/reassign",
    {
      config: { access: SETTINGS_ADMIN },
      // 400: the same location twice, or one that does not exist (field errors).
      schema: {
        body: { $ref: "api/location-reassign.json" },
        response: { 200: recordResponse("api/responses/location-reassignment.json") },
      },
    },
    async (request) => {
      const { fromLocationId, toLocationId } = request.body;
      return reassignLocationUsers(ctx.db, ctx.bundle, (request.user as RequestUser).id, fromLocationId, toLocationId);
    },
  );

  app.get<{ Params: { id: number } }>(
    "/api/location/:id/users",
    {
      config: { access: SETTINGS_ADMIN },
      schema: {
        params: ID_PARAMS,
        response: { 200: listResponse("api/responses/location-user.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      if (!(await store.read(ctx.db, request.params.id))) throw notFound(LOCATION_NOT_FOUND);
      const rows = await locationUsers(ctx.db, request.params.id);
      return { rows, totalRecords: rows.length };
    },
  );
}
