import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RespondentCreateRequest } from "../../../generated/types/api/respondent-create.ts";
import type { RespondentUpdateRequest } from "../../../generated/types/api/respondent-update.ts";
import type { RespondentsExistQuery } from "../../../generated/types/api/respondents-exist-query.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser, RouteAccess } from "../auth/request-user.ts";
import { notFound } from "../http/http-error.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { visibleChart, visibleLink } from "./respondent-access.ts";
import { findExistingRespondent } from "./respondent-exist.ts";
import { RESPONDENT_MESSAGES } from "./respondent-messages.ts";
import { createRespondent, RespondentRejected, removeRespondent, updateRespondent } from "./respondent-write.ts";
import { chartTeam, currentDeliveryChannels, enumLabel } from "./team-read.ts";

const VIEW_PATIENTS: RouteAccess = { anyOf: ["patients.viewAll", "patients.viewAssigned", "patients.viewSupervised"] };
const WRITE_PATIENTS: RouteAccess = { anyOf: ["patients.write"] };
const ID_PARAMS = { $ref: "api/id-params.json" };

function caller(request: FastifyRequest): RequestUser {
  // The access hook has rejected every request without a user before a handler runs.
  return request.user as RequestUser;
}

/** A refused save: field errors, plus the existing link when the person is already on the team. */
function sendRejected(reply: FastifyReply, err: RespondentRejected) {
  return reply.status(400).send({
    error: err.message,
    code: "validation",
    errors: err.errors,
    ...(err.existingCcauId !== null ? { existingCcauId: err.existingCcauId } : {}),
  });
}

async function rejectedAs400<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RespondentRejected) return sendRejected(reply, err);
    throw err;
  }
}

/**
 * Respondents on a patient's chart (issue 3 §2; docs/api/respondents.md): the team, one link,
 * the "already known?" check, and add, edit and remove. Every route answers 404 for a chart or
 * link outside the caller's access (patient-access.ts chartVisible), exactly as for a missing one.
 */
export async function respondentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps = async () => ({
    db: ctx.db,
    bundle: ctx.bundle,
    channels: await currentDeliveryChannels(ctx.db, ctx.bundle, ctx.dbKind),
  });

  app.get(
    "/api/teams/:ccaId",
    { config: { access: VIEW_PATIENTS }, schema: { params: ID_PARAMS } },
    async (request) => {
      const { ccaId } = request.params as { ccaId: number };
      const chart = await visibleChart(ctx.db, caller(request), ccaId);
      if (!chart) throw notFound(MESSAGES.patientNotFound);
      const { channels } = await deps();
      const rows = await chartTeam(ctx.db, ctx.bundle, channels, chart.ccaId);
      return { ccaId: chart.ccaId, patientId: chart.patientId, rows, totalRecords: rows.length };
    },
  );

  app.get(
    "/api/assignments/:ccauId",
    { config: { access: VIEW_PATIENTS }, schema: { params: ID_PARAMS } },
    async (request) => {
      const { ccauId } = request.params as { ccauId: number };
      const link = await visibleLink(ctx.db, caller(request), ccauId, { includeRemoved: true });
      if (!link) throw notFound(RESPONDENT_MESSAGES.notFound);
      const row = await ctx.db
        .selectFrom(["patient as p", "app_user as u"])
        .select(["p.first_name", "p.last_name", "p.mrn", "u.first_name as r_first", "u.last_name as r_last"])
        .where("p.id", "=", link.patientId)
        .where("u.id", "=", link.userId)
        .executeTakeFirstOrThrow();
      return {
        ccauId: link.ccauId,
        ccaId: link.ccaId,
        patientId: link.patientId,
        userId: link.userId,
        full_name: `${row.first_name} ${row.last_name}`,
        mrn: row.mrn,
        relation_id: link.relationId,
        relation: enumLabel(ctx.bundle, "enums/relation.json", link.relationId),
        respondent_type: link.respondentType,
        respondent_full_name: `${row.r_first} ${row.r_last}`,
        isPatient: link.relationId === SELF_RELATION,
        removed: link.deletedAt !== null,
        removed_at: link.deletedAt ? new Date(link.deletedAt).toISOString() : null,
      };
    },
  );

  // A static path: Fastify's router prefers it to /api/respondents/:ccauId whatever the order.
  app.get(
    "/api/respondents/exist",
    { config: { access: WRITE_PATIENTS }, schema: { querystring: { $ref: "api/respondents-exist-query.json" } } },
    async (request) => {
      const user = caller(request);
      const query = request.query as RespondentsExistQuery;
      const chart = await visibleChart(ctx.db, user, query.ccaId);
      if (!chart) throw notFound(MESSAGES.patientNotFound);
      const { channels } = await deps();
      return findExistingRespondent(ctx.db, ctx.bundle, channels, user, chart.ccaId, query);
    },
  );

  app.post(
    "/api/respondents",
    { config: { access: WRITE_PATIENTS }, schema: { body: { $ref: "api/respondent-create.json" } } },
    async (request, reply) =>
      rejectedAs400(reply, async () => {
        const member = await createRespondent(await deps(), caller(request), request.body as RespondentCreateRequest);
        return reply.status(201).send(member);
      }),
  );

  app.put(
    "/api/respondents/:ccauId",
    { config: { access: WRITE_PATIENTS }, schema: { params: ID_PARAMS, body: { $ref: "api/respondent-update.json" } } },
    async (request, reply) => {
      const { ccauId } = request.params as { ccauId: number };
      return rejectedAs400(reply, async () =>
        updateRespondent(await deps(), caller(request), ccauId, request.body as RespondentUpdateRequest),
      );
    },
  );

  app.delete(
    "/api/respondents/:ccauId",
    { config: { access: WRITE_PATIENTS }, schema: { params: ID_PARAMS } },
    async (request, reply) => {
      const { ccauId } = request.params as { ccauId: number };
      return rejectedAs400(reply, async () => {
        const result = await removeRespondent(await deps(), caller(request), ccauId);
        return { ccauId, result };
      });
    },
  );
}
