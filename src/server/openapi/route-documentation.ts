import { STATUS_CODES } from "node:http";
import type { JsonSchema } from "../../shared/schema/bundle.ts";
import type { RouteAccess } from "../auth/request-user.ts";
import { absoluteRef } from "../http/schema-walk.ts";
import type { DocumentSchemas } from "./document-schemas.ts";

export const BEARER_SCHEME = "bearerAuth";

/** What @fastify/swagger hands its transform of one route. */
export interface RouteToDocument {
  url: string;
  schema?: Record<string, unknown>;
  config?: { access?: RouteAccess };
}

/** Names of the path parameters of a Fastify url ("/api/x/:id/page/:pageId"). */
export function pathParameterNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
}

/**
 * A query string or path parameter schema as @fastify/swagger turns it into parameters: an
 * object whose properties are the parameters. A route names it by id; it is looked up here,
 * since each of its properties becomes a parameter of its own.
 */
function parameterObject(schemas: DocumentSchemas, schema: JsonSchema): JsonSchema {
  const { schema: target, fromId } =
    typeof schema.$ref === "string" ? schemas.resolve(absoluteRef("", schema.$ref)) : { schema, fromId: "" };
  const { $defs: _defs, title: _title, ...object } = target;
  return schemas.rewrite(object, fromId);
}

/**
 * Path parameters are those of the url: a shared params schema (api/id-params.json) lists more
 * than one route has, and a parameter of the url the schema does not list is a plain string.
 */
function pathParameters(schemas: DocumentSchemas, url: string, schema: JsonSchema | undefined): JsonSchema {
  const listed = (schema ? parameterObject(schemas, schema).properties : undefined) ?? {};
  const names = pathParameterNames(url);
  return {
    type: "object",
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, listed[name] ?? { type: "string" }])),
  };
}

function describedResponse(schemas: DocumentSchemas, status: string, schema: JsonSchema): JsonSchema {
  const text = STATUS_CODES[Number(status)] ?? status;
  if (Number(status) >= 400) return { ...schemas.rewrite(schema, ""), description: text };
  const named = typeof schema.$ref === "string" ? schemas.resolve(absoluteRef("", schema.$ref)).schema : schema;
  const description = (named.description ?? named.title ?? text) as string;
  return { ...schemas.rewrite(schema, ""), description };
}

/**
 * One route as the document shows it (the transform of @fastify/swagger): request and response
 * schemas pointing at components, the access it declares (x-access; a bearer token unless public),
 * tagged by its area (/api/library/... is "library"). Routes outside /api and hidden ones are left out.
 */
export function documentRoute(schemas: DocumentSchemas, route: RouteToDocument): Record<string, unknown> {
  const schema = route.schema ?? {};
  if (!route.url.startsWith("/api/") || schema.hide) return { ...schema, hide: true };
  const access = route.config?.access;
  const out: Record<string, unknown> = { tags: [route.url.split("/")[2]], "x-access": access ?? "public" };
  if (access && access !== "public") out.security = [{ [BEARER_SCHEME]: [] }];
  if (schema.body) out.body = schemas.rewrite(schema.body as JsonSchema, "");
  if (schema.querystring) out.querystring = parameterObject(schemas, schema.querystring as JsonSchema);
  if (schema.params || pathParameterNames(route.url).length > 0)
    out.params = pathParameters(schemas, route.url, schema.params as JsonSchema | undefined);
  const response = schema.response as Record<string, JsonSchema> | undefined;
  if (response)
    out.response = Object.fromEntries(
      Object.entries(response).map(([status, s]) => [status, describedResponse(schemas, status, s)]),
    );
  return out;
}
