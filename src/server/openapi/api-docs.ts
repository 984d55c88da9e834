import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { DocumentSchemas, referencedComponents } from "./document-schemas.ts";
import { BEARER_SCHEME, documentRoute } from "./route-documentation.ts";

export const DOCS_PREFIX = "/api/docs";
export const OPENAPI_URL = "/api/openapi.json";

function isDocsUrl(url: string): boolean {
  return url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
}

/**
 * The routes of the documentation page (@fastify/swagger-ui registers them: the page, its
 * static files, its own copy of the document) declare no config.access of their own, and the
 * access hook refuses to start with such a route. They are public, like GET /api/openapi.json:
 * the document lists routes and the shapes of requests and answers, never data, and the same
 * shapes ship in the web client anyway; an integrator needs them before having an account.
 * Call this before registerAccessHook: onRoute hooks run in the order they were added.
 */
export function declareDocsAccess(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (isDocsUrl(route.url) && !route.config?.access) route.config = { ...route.config, access: "public" };
  });
}

/**
 * The OpenAPI 3.1 document of the whole API, generated from the route schemas
 * (@fastify/swagger, dynamic mode) at GET /api/openapi.json, and a documentation page at
 * GET /api/docs (@fastify/swagger-ui, whose assets ship in the npm package: it works offline).
 * Register it before the API routes, so that it sees them all. Bundle schemas become
 * components named by their title (document-schemas.ts); routes are shaped by route-documentation.ts.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  opts: { bundle: SchemaBundle; version: string },
): Promise<void> {
  const schemas = new DocumentSchemas(opts.bundle);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "MBC API",
        version: opts.version,
        description:
          "Measurement-based care: patients, respondents, measures, sessions, alerts and settings. " +
          "Every failure answers the one error shape (ApiError). x-access names the permissions a route needs.",
      },
      components: {
        securitySchemes: { [BEARER_SCHEME]: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: ({ schema, url, route }) => ({
      schema: documentRoute(schemas, { url, schema: schema as Record<string, unknown>, config: route.config }),
      url,
    }),
    transformObject: (document) => {
      if (!("openapiObject" in document)) throw new Error("Only an OpenAPI document is generated");
      const { openapiObject } = document;
      const named = referencedComponents(openapiObject.paths);
      const components = { ...openapiObject.components, schemas: schemas.components(named) };
      return { ...openapiObject, components } as typeof openapiObject;
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { deepLinking: true } });
  app.get(OPENAPI_URL, { config: { access: "public" }, schema: { hide: true } }, async () => app.swagger());
}
