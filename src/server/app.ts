import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import type { AppContext, AppContextInput } from "./app-context.ts";
import { registerAccessHook } from "./auth/access-hook.ts";
import { healthRoutes } from "./health/routes.ts";
import { registerErrorHandling } from "./http/error-handler.ts";
import { registerSchemaValidation } from "./http/schema-validation.ts";
import { MessageQueue } from "./messaging/message-queue.ts";
import { apiRouteModules } from "./routes.ts";

const CLIENT_DIST = path.join(import.meta.dirname, "../../dist/client");

/** Builds the whole server: API under /api, the built client at /. Tests call this too. */
export async function buildApp(
  input: AppContextInput,
  opts: { logger?: boolean | object; serveClient?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: input.config.logLevel },
    bodyLimit: 1024 * 1024,
    // Behind a proxy the client address comes from X-Forwarded-For; the rate limits need it.
    trustProxy: true,
    ajv: { customOptions: { strict: false } },
  });
  const ctx: AppContext = {
    ...input,
    messages:
      input.messages ?? new MessageQueue({ config: input.config, db: input.db, dbKind: input.dbKind, log: app.log }),
  };
  // The delivery worker lives as long as the app: it starts when the app is ready, and stops
  // (finishing the delivery in hand) before the database is closed in onClose.
  app.addHook("onReady", async () => ctx.messages.start());
  app.addHook("preClose", async () => ctx.messages.stop());
  const serveClient = opts.serveClient !== false && existsSync(path.join(CLIENT_DIST, "index.html"));
  registerErrorHandling(app, { serveAppShell: serveClient });
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

  if (serveClient) await app.register(fastifyStatic, { root: CLIENT_DIST, wildcard: false });
  return app;
}
