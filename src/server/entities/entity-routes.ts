import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RawBuilder, SqlBool } from "kysely";
import type { JsonSchema } from "../../shared/schema/bundle.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser, RouteAccess } from "../auth/request-user.ts";
import { notFound } from "../http/http-error.ts";
import { entityListResponse, errorResponses, noContent, recordResponse } from "../http/response-schemas.ts";
import type { EntityDefinition } from "./entity-definition.ts";
import { type EntityStore, entityStore, type ListRequest } from "./entity-store.ts";

/** What the list answers besides its page: conditions of its own and keys of its answer (the patients' view). */
export interface ListScope {
  where?: RawBuilder<SqlBool>[];
  /**
   * The caller's visibility narrowed to what this list shows (a view of their own records, e.g.
   * "My patients"), used instead of the definition's visibleTo: one condition for the planner
   * rather than the view and the whole visibility both. It must never show more than visibleTo.
   */
  visibility?: RawBuilder<SqlBool>;
  /**
   * How many records `visibility` alone admits, counted without the entity's table (a number,
   * capped past LIST_REACH): the list's total when nothing else narrows it. It must count exactly
   * the rows `visibility` admits.
   */
  visibleCount?: RawBuilder<number>;
  answer?: Record<string, unknown>;
}

/** `Query` is the list query schema's generated type, so `listScope` reads its filters typed. */
export interface EntityRouteOptions<Query extends ListRequest = ListRequest> {
  /** The collection path, e.g. "/api/location"; a record is `${path}/:${idParam}`. */
  path: string;
  /** The id's name in the path (api/id-params.json lists the allowed names). Default "id". */
  idParam?: "id" | "patientId";
  definition: EntityDefinition;
  /** Who may do what; an operation without an entry gets no route. */
  access: Partial<Record<"list" | "read" | "create" | "update" | "delete", RouteAccess>>;
  /** The list's query schema (paging, search, sort and the entity's own filters). */
  listQuery?: string;
  /** With neither page nor pageSize the list answers every record (small lists that pickers read whole). */
  wholeList?: boolean;
  /** The schemas of the keys `listScope` adds to the list's answer (they are written by them). */
  listAnswer?: Record<string, JsonSchema>;
  /** Conditions and answer keys of the list beyond paging and search. */
  listScope?(
    request: FastifyRequest<{ Querystring: Query }>,
    user: RequestUser,
    store: EntityStore,
  ): Promise<ListScope>;
}

const ID_PARAMS = { $ref: "api/id-params.json" };

function caller(request: FastifyRequest): RequestUser {
  // The access hook has refused every request without a user before a handler runs.
  return request.user as RequestUser;
}

/**
 * The list, read, create, update and delete routes of one entity, each validated with the
 * entity's schemas and declaring its access. Hand-written routes remain only for calls that are
 * not CRUD (status changes, reassignment, checks).
 */
export function registerEntityRoutes<Query extends ListRequest = ListRequest>(
  app: FastifyInstance,
  ctx: AppContext,
  opts: EntityRouteOptions<Query>,
): EntityStore {
  const store = entityStore(opts.definition, ctx.bundle);
  const idParam = opts.idParam ?? "id";
  const recordPath = `${opts.path}/:${idParam}`;
  const body = { $ref: opts.definition.schemaId };
  // Answers are written by the entity schema: a column the schema does not list never leaves.
  const record = recordResponse(opts.definition.schemaId);
  const idOf = (request: FastifyRequest) => (request.params as Record<string, number>)[idParam];
  const { access } = opts;

  if (access.list) {
    app.get<{ Querystring: Query }>(
      opts.path,
      {
        config: { access: access.list },
        schema: {
          ...(opts.listQuery ? { querystring: { $ref: opts.listQuery } } : {}),
          response: { 200: entityListResponse(opts.definition.schemaId, opts.listAnswer) },
        },
      },
      async (request) => {
        const user = caller(request);
        const scope = (await opts.listScope?.(request, user, store)) ?? {};
        // Query extends ListRequest; Fastify's request type cannot show that inside a generic function.
        const query = request.query as ListRequest;
        const page = await store.list(ctx.db, query, {
          user,
          where: scope.where,
          visibility: scope.visibility,
          visibleCount: scope.visibleCount,
          whole: opts.wholeList,
        });
        return { ...page, ...scope.answer };
      },
    );
  }

  if (access.read) {
    app.get(
      recordPath,
      {
        config: { access: access.read },
        schema: { params: ID_PARAMS, response: { 200: record, ...errorResponses(404) } },
      },
      async (request) => {
        const found = await store.read(ctx.db, idOf(request), caller(request));
        if (!found) throw notFound(opts.definition.notFound);
        return found;
      },
    );
  }

  if (access.create) {
    app.post<{ Body: Record<string, unknown> }>(
      opts.path,
      { config: { access: access.create }, schema: { body, response: { 201: record } } },
      async (request, reply) => reply.status(201).send(await store.create(ctx.db, caller(request), request.body)),
    );
  }

  if (access.update) {
    app.put<{ Body: Record<string, unknown> }>(
      recordPath,
      {
        config: { access: access.update },
        // 409: the save was based on an older version; 428: it named none (docs/entity-engine.md).
        schema: { params: ID_PARAMS, body, response: { 200: record, ...errorResponses(404, 409, 428) } },
      },
      async (request) => store.update(ctx.db, caller(request), idOf(request), request.body),
    );
  }

  if (access.delete) {
    app.delete(
      recordPath,
      {
        config: { access: access.delete },
        schema: { params: ID_PARAMS, response: { 204: noContent, ...errorResponses(404) } },
      },
      async (request, reply) => {
        await store.remove(ctx.db, caller(request), idOf(request));
        return reply.status(204).send();
      },
    );
  }
  return store;
}
