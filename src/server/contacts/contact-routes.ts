import type { FastifyInstance, FastifyRequest } from "fastify";
import type { IdParams } from "../../../generated/types/api/id-params.ts";
import type { Contact as ContactBody } from "../../../generated/types/entities/contact.ts";
import { ACCOUNT_NOT_FOUND } from "../accounts/my-account-routes.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser, RouteAccess } from "../auth/request-user.ts";
import { entityStore } from "../entities/entity-store.ts";
import { notFound } from "../http/http-error.ts";
import { errorResponses, noContent, recordResponse } from "../http/response-schemas.ts";
import { contactEntity } from "./contact-entity.ts";
import { normalizeContactValue, PHONE } from "./contacts.ts";

const ACCESS: RouteAccess = { anyOf: ["respondent.account"] };
const ID_PARAMS = { $ref: "api/id-params.json" };
const BODY = { $ref: "entities/contact.json" };
const CONTACT = recordResponse("entities/contact.json");

type AccountParams = Pick<Required<IdParams>, "user_id">;
type ContactParams = Pick<Required<IdParams>, "user_id" | "id">;

/** The caller, when the account in the path is their own; anyone else's does not exist here. */
function ownAccount(request: FastifyRequest, userId: number): RequestUser {
  if (!request.user || request.user.id !== userId) throw notFound(ACCOUNT_NOT_FOUND);
  return request.user;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Phone numbers are checked and kept as digits only (spec §5), whatever mask they were typed
 * with. Before validation, which checks the digits: the schema's x-normalize cannot depend on
 * the channel.
 */
async function phoneAsDigits(request: { body: unknown }): Promise<void> {
  const body = request.body;
  if (isRecord(body) && body.channel === PHONE && typeof body.value === "string")
    body.value = normalizeContactValue(PHONE, body.value);
}

/**
 * My account's contact information (spec §7 My account): a respondent adds, edits and removes
 * their own contacts, stored through the contact entity (contact-entity.ts holds the rules). An
 * edit names the version it was based on (docs/entity-engine.md §3).
 */
export async function contactInfoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = entityStore(contactEntity, ctx.bundle);

  app.post<{ Params: AccountParams; Body: ContactBody }>(
    "/api/users/:user_id/contact-info",
    {
      config: { access: ACCESS },
      // 404: an account that is not the caller's own.
      schema: { params: ID_PARAMS, body: BODY, response: { 201: CONTACT, ...errorResponses(404) } },
      preValidation: phoneAsDigits,
    },
    async (request, reply) => {
      const user = ownAccount(request, request.params.user_id);
      return reply.status(201).send(await store.create(ctx.db, user, request.body));
    },
  );

  app.put<{ Params: ContactParams; Body: ContactBody }>(
    "/api/users/:user_id/contact-info/:id",
    {
      config: { access: ACCESS },
      // 409: the save was based on an older version; 428: it named none (docs/entity-engine.md).
      schema: { params: ID_PARAMS, body: BODY, response: { 200: CONTACT, ...errorResponses(404, 409, 428) } },
      preValidation: phoneAsDigits,
    },
    async (request) => {
      const user = ownAccount(request, request.params.user_id);
      return store.update(ctx.db, user, request.params.id, request.body);
    },
  );

  app.delete<{ Params: ContactParams }>(
    "/api/users/:user_id/contact-info/:id",
    {
      config: { access: ACCESS },
      // 400: a contact from the patient's record (emr), which is not removed here.
      schema: { params: ID_PARAMS, response: { 204: noContent, ...errorResponses(404) } },
    },
    async (request, reply) => {
      await store.remove(ctx.db, ownAccount(request, request.params.user_id), request.params.id);
      return reply.status(204).send();
    },
  );
}
