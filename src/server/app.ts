import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import type { AppContext } from "./app-context.ts";
import { registerAccessHook } from "./auth/access-hook.ts";
import { healthRoutes } from "./health/routes.ts";
import { registerErrorHandling } from "./http/error-handler.ts";
import { registerSchemaValidation } from "./http/schema-validation.ts";
import { apiRouteModules } from "./routes.ts";

const CLIENT_DIST = path.join(import.meta.dirname, "../../dist/client");

/** Builds the whole server: API under /api, the built client at /. Tests call this too. */
export async function buildApp(
  ctx: AppContext,
  opts: { logger?: boolean | object; serveClient?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: ctx.config.logLevel },
    bodyLimit: 1024 * 1024,
    // Behind a proxy the client address comes from X-Forwarded-For; the rate limits need it.
    trustProxy: true,
    ajv: { customOptions: { strict: false } },
  });
  registerErrorHandling(app);
  registerSchemaValidation(app, ctx.bundle);
  registerAccessHook(app, { db: ctx.db, bundle: ctx.bundle, tokens: ctx.tokens });

  // Security headers a clinic's reviewer will look for; the client needs nothing from other origins.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("x-frame-options", "DENY");
    reply.header("referrer-policy", "no-referrer");
    if (reply.request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
  });

  await app.register(healthRoutes, { version: ctx.config.version, database: ctx.dbKind });
  for (const routes of apiRouteModules) await app.register(routes, ctx);

  if (opts.serveClient !== false && existsSync(path.join(CLIENT_DIST, "index.html"))) {
    await app.register(fastifyStatic, { root: CLIENT_DIST, wildcard: false });
    // History-mode routing: any non-API path that is not a file gets the app shell.
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith("/api/") || request.method !== "GET") {
        return reply
          .status(404)
          .send({ error: `No route ${request.method} ${request.url.split("?")[0]}`, code: "not_found" });
      }
      return reply.type("text/html").sendFile("index.html");
    });
  }
  return app;
}
