import type { FastifyInstance, FastifyRequest } from "fastify";
import type { IdParams } from "../../../generated/types/api/id-params.ts";
import type { RespondentsExistQuery } from "../../../generated/types/api/respondents-exist-query.ts";
import type { Respondent } from "../../../generated/types/entities/respondent.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser, RouteAccess } from "../auth/request-user.ts";
import type { EntityJson } from "../entities/entity-definition.ts";
import { entityStore } from "../entities/entity-store.ts";
import { notFound } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { assignmentOf } from "./assignment-read.ts";
import { inviteOrLink } from "./chart-invitation.ts";
import { visibleChart } from "./respondent-access.ts";
import { respondentEntity } from "./respondent-entity.ts";
import { findExistingRespondent } from "./respondent-exist.ts";
import { removeRespondent } from "./respondent-remove.ts";
import { chartTeam, currentDeliveryChannels, teamMember } from "./team-read.ts";

const VIEW_PATIENTS: RouteAccess = { anyOf: ["patients.viewAll", "patients.viewAssigned", "patients.viewSupervised"] };
const WRITE_PATIENTS: RouteAccess = { anyOf: ["patients.write"] };
const ID_PARAMS = { $ref: "api/id-params.json" };
// A save answers the link as the team shows it (its schema lets a field added to the respondent ride along).
const TEAM_ROW = recordResponse("api/chart-team-member.json");

type ChartParams = Pick<Required<IdParams>, "ccaId">;
type LinkParams = Pick<Required<IdParams>, "ccauId">;

function caller(request: FastifyRequest): RequestUser {
  // The access hook has rejected every request without a user before a handler runs.
  return request.user as RequestUser;
}

/**
 * Respondents on a patient's chart (issue 3 §2; docs/api/respondents.md): the team, one link,
 * the "already known?" check, and add, edit and remove. Adding and editing store the respondent
 * entity (respondent-entity.ts, whose hooks hold the linking and editing rules); removing is a
 * status action of its own. Every route answers 404 for a chart or link outside the caller's
 * access (patient-access.ts chartVisible), exactly as for a missing one.
 */
export async function respondentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = entityStore(respondentEntity, ctx.bundle);
  const channels = () => currentDeliveryChannels(ctx.db, ctx.bundle, ctx.dbKind);
  // A save answers the link as the team shows it, with the version the next edit names.
  const asTeamRow = async (saved: EntityJson) => teamMember(ctx.db, ctx.bundle, await channels(), saved.id);

  app.get<{ Params: ChartParams }>(
    "/api/teams/:ccaId",
    {
      config: { access: VIEW_PATIENTS },
      schema: {
        params: ID_PARAMS,
        response: { 200: recordResponse("api/responses/chart-team.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      const chart = await visibleChart(ctx.db, caller(request), request.params.ccaId);
      if (!chart) throw notFound(MESSAGES.patientNotFound);
      const rows = await chartTeam(ctx.db, ctx.bundle, await channels(), chart.ccaId);
      return { ccaId: chart.ccaId, patientId: chart.patientId, rows, totalRecords: rows.length };
    },
  );

  app.get<{ Params: LinkParams }>(
    "/api/assignments/:ccauId",
    {
      config: { access: VIEW_PATIENTS },
      schema: {
        params: ID_PARAMS,
        response: { 200: recordResponse("api/responses/respondent-assignment.json"), ...errorResponses(404) },
      },
    },
    async (request) => assignmentOf(ctx.db, ctx.bundle, caller(request), request.params.ccauId),
  );

  // A static path: Fastify's router prefers it to /api/respondents/:ccauId whatever the order.
  app.get<{ Querystring: RespondentsExistQuery }>(
    "/api/respondents/exist",
    {
      config: { access: WRITE_PATIENTS },
      schema: {
        querystring: { $ref: "api/respondents-exist-query.json" },
        response: { 200: recordResponse("api/responses/respondent-exist.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      const user = caller(request);
      const chart = await visibleChart(ctx.db, user, request.query.ccaId);
      if (!chart) throw notFound(MESSAGES.patientNotFound);
      return findExistingRespondent(ctx.db, ctx.bundle, await channels(), user, chart.ccaId, request.query);
    },
  );

  // Linking an existing person is part of adding one: the body names the chart and maybe the account.
  app.post<{ Body: Respondent }>(
    "/api/respondents",
    {
      config: { access: WRITE_PATIENTS },
      // 400 also for a person already on the team, with existingCcauId (api/error.json).
      // 202: the person is known only on charts the caller cannot see, so they were invited
      // (chart-invitation.ts). 409: another add of the same new person won the race.
      schema: {
        body: { $ref: "entities/respondent.json" },
        response: {
          201: TEAM_ROW,
          202: recordResponse("api/responses/chart-invitation-sent.json"),
          ...errorResponses(404, 409),
        },
      },
    },
    async (request, reply) => {
      const user = caller(request);
      const plan = await inviteOrLink(ctx, user, request.body);
      if ("invited" in plan) return reply.status(202).send(plan.invited);
      const body = plan.existingUserId ? { ...request.body, existingUserId: plan.existingUserId } : { ...request.body };
      const saved = await store.create(ctx.db, user, body);
      return reply.status(201).send(await asTeamRow(saved));
    },
  );

  app.put<{ Params: LinkParams; Body: Respondent }>(
    "/api/respondents/:ccauId",
    {
      config: { access: WRITE_PATIENTS },
      // 409: the save was based on an older version; 428: it named none (docs/entity-engine.md).
      schema: {
        params: ID_PARAMS,
        body: { $ref: "entities/respondent.json" },
        response: { 200: TEAM_ROW, ...errorResponses(404, 409, 428) },
      },
    },
    async (request) =>
      asTeamRow(await store.update(ctx.db, caller(request), request.params.ccauId, { ...request.body })),
  );

  app.delete<{ Params: LinkParams }>(
    "/api/respondents/:ccauId",
    {
      config: { access: WRITE_PATIENTS },
      // 400: the patient's own link, which never leaves the team.
      schema: {
        params: ID_PARAMS,
        response: { 200: recordResponse("api/responses/respondent-removal.json"), ...errorResponses(404) },
      },
    },
    async (request) => {
      const { ccauId } = request.params;
      return { ccauId, result: await removeRespondent(ctx.db, ctx.bundle, caller(request), ccauId) };
    },
  );
}
