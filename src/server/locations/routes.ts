import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { notFound } from "../http/http-error.ts";
import { FORM_LOOKUPS, SETTINGS_ADMIN } from "../settings/access.ts";
import {
  type LocationListQuery,
  listLocations,
  loadLocation,
  locationsForList,
  locationUsers,
} from "./location-read.ts";
import {
  createLocation,
  deleteLocation,
  LOCATION_NOT_FOUND,
  type LocationBody,
  reassignLocationUsers,
  updateLocation,
} from "./location-write.ts";
import { usStates } from "./states.ts";

const ID_PARAMS = { $ref: "api/id-params.json" };

/** Settings > Locations (spec §7 Locations): states, the list, add, edit, delete, users and reassignment. */
export async function locationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const actor = (user: RequestUser | null) => (user as RequestUser).id;

  app.get("/api/state", { config: { access: FORM_LOOKUPS } }, async () => {
    const rows = usStates(ctx.bundle);
    return { rows, totalRecords: rows.length };
  });

  app.get(
    "/api/location",
    { config: { access: SETTINGS_ADMIN }, schema: { querystring: { $ref: "api/location-list-query.json" } } },
    async (request) => listLocations(ctx.db, ctx.bundle, request.query as LocationListQuery),
  );

  // Static paths: Fastify's router prefers them to /api/location/:id whatever the order.
  app.get("/api/location/for-list", { config: { access: FORM_LOOKUPS } }, async () => {
    const rows = await locationsForList(ctx.db);
    return { rows, totalRecords: rows.length };
  });

  app.put(
    "/api/location/reassign",
    { config: { access: SETTINGS_ADMIN }, schema: { body: { $ref: "api/location-reassign.json" } } },
    async (request) => {
      const { fromLocationId, toLocationId } = request.body as { fromLocationId: number; toLocationId: number };
      return reassignLocationUsers(ctx.db, actor(request.user), fromLocationId, toLocationId);
    },
  );

  app.get(
    "/api/location/:id",
    { config: { access: SETTINGS_ADMIN }, schema: { params: ID_PARAMS } },
    async (request) => {
      const { id } = request.params as { id: number };
      const location = await loadLocation(ctx.db, ctx.bundle, id);
      if (!location) throw notFound(LOCATION_NOT_FOUND);
      return location;
    },
  );

  app.get(
    "/api/location/:id/users",
    { config: { access: SETTINGS_ADMIN }, schema: { params: ID_PARAMS } },
    async (request) => {
      const { id } = request.params as { id: number };
      if (!(await loadLocation(ctx.db, ctx.bundle, id))) throw notFound(LOCATION_NOT_FOUND);
      const rows = await locationUsers(ctx.db, id);
      return { rows, totalRecords: rows.length };
    },
  );

  app.post(
    "/api/location",
    { config: { access: SETTINGS_ADMIN }, schema: { body: { $ref: "entities/location.json" } } },
    async (request, reply) => {
      const location = await createLocation(ctx.db, ctx.bundle, actor(request.user), request.body as LocationBody);
      return reply.status(201).send(location);
    },
  );

  app.put(
    "/api/location/:id",
    { config: { access: SETTINGS_ADMIN }, schema: { params: ID_PARAMS, body: { $ref: "entities/location.json" } } },
    async (request) => {
      const { id } = request.params as { id: number };
      return updateLocation(ctx.db, ctx.bundle, actor(request.user), id, request.body as LocationBody);
    },
  );

  app.delete(
    "/api/location/:id",
    { config: { access: SETTINGS_ADMIN }, schema: { params: ID_PARAMS } },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      await deleteLocation(ctx.db, ctx.bundle, actor(request.user), id);
      return reply.status(204).send();
    },
  );
}
