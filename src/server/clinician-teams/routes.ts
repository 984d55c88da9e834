import type { FastifyInstance } from "fastify";
import type { TeamNameQuery } from "../../../generated/types/api/team-name-query.ts";
import type { AppContext } from "../app-context.ts";
import { rowNamedLike } from "../db/named-rows.ts";
import { registerEntityRoutes } from "../entities/entity-routes.ts";
import { recordResponse } from "../http/response-schemas.ts";
import { FORM_LOOKUPS, SETTINGS_ADMIN } from "../settings/access.ts";
import { clinicianTeamEntity } from "./team-entity.ts";

/** Clinician teams (spec §7 Clinicians and scheduling): the list every form picks from, and the settings pages. */
export async function clinicianTeamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerEntityRoutes(app, ctx, {
    path: "/api/clinician-team",
    definition: clinicianTeamEntity,
    listQuery: "api/team-list-query.json",
    // The patient form's team picker reads every team; the settings list pages.
    wholeList: true,
    access: {
      list: FORM_LOOKUPS,
      read: SETTINGS_ADMIN,
      create: SETTINGS_ADMIN,
      update: SETTINGS_ADMIN,
      delete: SETTINGS_ADMIN,
    },
  });

  app.get<{ Querystring: TeamNameQuery }>(
    "/api/clinician-team/check-name",
    {
      config: { access: SETTINGS_ADMIN },
      schema: {
        querystring: { $ref: "api/team-name-query.json" },
        response: { 200: recordResponse("api/responses/name-availability.json") },
      },
    },
    async (request) => {
      const { name, id } = request.query;
      return { available: (await rowNamedLike(ctx.db, "clinician_team", name, id ?? null)) === null };
    },
  );
}
