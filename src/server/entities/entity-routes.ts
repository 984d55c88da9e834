import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RawBuilder, SqlBool } from "kysely";
import type { AppContext } from "../app-context.ts";
import type { RequestUser, RouteAccess } from "../auth/request-user.ts";
import { notFound } from "../http/http-error.ts";
import type { EntityDefinition } from "./entity-definition.ts";
import { type EntityStore, entityStore, type ListRequest } from "./entity-store.ts";

/** What the list answers besides its page: conditions of its own and keys of its answer (the patients' view). */
export interface ListScope {
  where?: RawBuilder<SqlBool>[];
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
  const idOf = (request: FastifyRequest) => (request.params as Record<string, number>)[idParam];
  const { access } = opts;

  if (access.list) {
    app.get<{ Querystring: Query }>(
      opts.path,
      { config: { access: access.list }, schema: opts.listQuery ? { querystring: { $ref: opts.listQuery } } : {} },
      async (request) => {
        const user = caller(request);
        const scope = (await opts.listScope?.(request, user, store)) ?? {};
        // Query extends ListRequest; Fastify's request type cannot show that inside a generic function.
        const query = request.query as ListRequest;
        const page = await store.list(ctx.db, query, { user, where: scope.where, whole: opts.wholeList });
        return { ...page, ...scope.answer };
      },
    );
  }

  if (access.read) {
    app.get(recordPath, { config: { access: access.read }, schema: { params: ID_PARAMS } }, async (request) => {
      const record = await store.read(ctx.db, idOf(request), caller(request));
      if (!record) throw notFound(opts.definition.notFound);
      return record;
    });
  }

  if (access.create) {
    app.post<{ Body: Record<string, unknown> }>(
      opts.path,
      { config: { access: access.create }, schema: { body } },
      async (request, reply) => reply.status(201).send(await store.create(ctx.db, caller(request), request.body)),
    );
  }

  if (access.update) {
    app.put<{ Body: Record<string, unknown> }>(
      recordPath,
      { config: { access: access.update }, schema: { params: ID_PARAMS, body } },
      async (request) => store.update(ctx.db, caller(request), idOf(request), request.body),
    );
  }

  if (access.delete) {
    app.delete(
      recordPath,
      { config: { access: access.delete }, schema: { params: ID_PARAMS } },
      async (request, reply) => {
        await store.remove(ctx.db, caller(request), idOf(request));
        return reply.status(204).send();
      },
    );
  }
  return store;
}
