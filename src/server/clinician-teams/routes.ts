import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { rowNamedLike } from "../db/named-rows.ts";
import { notFound } from "../http/http-error.ts";
import { FORM_LOOKUPS, SETTINGS_ADMIN } from "../settings/access.ts";
import { listTeams, loadTeam, type TeamListQuery } from "./team-read.ts";
import { createTeam, deleteTeam, TEAM_NOT_FOUND, type TeamBody, updateTeam } from "./team-write.ts";

const ID_PARAMS = { $ref: "api/id-params.json" };

/** Clinician teams (spec §7 Clinicians and scheduling): the list every form picks from, and the settings pages. */
export async function clinicianTeamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const actor = (user: RequestUser | null) => (user as RequestUser).id;

  app.get(
    "/api/clinician-team",
    { config: { access: FORM_LOOKUPS }, schema: { querystring: { $ref: "api/team-list-query.json" } } },
    async (request) => listTeams(ctx.db, request.query as TeamListQuery),
  );

  app.get(
    "/api/clinician-team/check-name",
    { config: { access: SETTINGS_ADMIN }, schema: { querystring: { $ref: "api/team-name-query.json" } } },
    async (request) => {
      const { name, id } = request.query as { name: string; id?: number };
      return { available: (await rowNamedLike(ctx.db, "clinician_team", name, id ?? null)) === null };
    },
  );

  app.get(
    "/api/clinician-team/:id",
    { config: { access: SETTINGS_ADMIN }, schema: { params: ID_PARAMS } },
    async (request) => {
      const team = await loadTeam(ctx.db, (request.params as { id: number }).id);
      if (!team) throw notFound(TEAM_NOT_FOUND);
      return team;
    },
  );

  app.post(
    "/api/clinician-team",
    { config: { access: SETTINGS_ADMIN }, schema: { body: { $ref: "entities/clinician-team.json" } } },
    async (request, reply) =>
      reply.status(201).send(await createTeam(ctx.db, ctx.bundle, actor(request.user), request.body as TeamBody)),
  );

  app.put(
    "/api/clinician-team/:id",
    {
      config: { access: SETTINGS_ADMIN },
      schema: { params: ID_PARAMS, body: { $ref: "entities/clinician-team.json" } },
    },
    async (request) =>
      updateTeam(
        ctx.db,
        ctx.bundle,
        actor(request.user),
        (request.params as { id: number }).id,
        request.body as TeamBody,
      ),
  );

  app.delete(
    "/api/clinician-team/:id",
    { config: { access: SETTINGS_ADMIN }, schema: { params: ID_PARAMS } },
    async (request, reply) => {
      await deleteTeam(ctx.db, actor(request.user), (request.params as { id: number }).id);
      return reply.status(204).send();
    },
  );
}
