import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import type { AppContext, AppContextInput } from "./app-context.ts";
import { registerAccessHook } from "./auth/access-hook.ts";
import { healthRoutes } from "./health/routes.ts";
import { registerErrorHandling } from "./http/error-handler.ts";
import { redactedLoggerOptions } from "./http/log-redaction.ts";
import { registerResponseSerialization } from "./http/response-serialization.ts";
import { registerSchemaValidation } from "./http/schema-validation.ts";
import { registerStandardErrorResponses } from "./http/standard-error-responses.ts";
import { MessageQueue } from "./messaging/message-queue.ts";
import { declareDocsAccess, registerApiDocs } from "./openapi/api-docs.ts";
import { apiRouteModules } from "./routes.ts";

const CLIENT_DIST = path.join(import.meta.dirname, "../../dist/client");

/**
 * Builds the whole server: API under /api, the built client at /. Tests call this too.
 * checkResponses validates every response against its schema before it is written (see
 * http/response-serialization.ts); it is on under test (vitest sets NODE_ENV=test), so a schema
 * that types a field wrongly fails a test rather than reaching a client.
 */
export async function buildApp(
  input: AppContextInput,
  opts: { logger?: boolean | object; serveClient?: boolean; checkResponses?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // No PHI or secret in the log: query values, bodies, credentials redacted (http/log-redaction.ts).
    logger: redactedLoggerOptions(opts.logger, input.config.logLevel),
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
  registerResponseSerialization(app, ctx.bundle, { check: opts.checkResponses ?? process.env.NODE_ENV === "test" });
  declareDocsAccess(app); // before the access hook, which checks every /api route's config.access
  registerAccessHook(app, { db: ctx.db, bundle: ctx.bundle, tokens: ctx.tokens });
  registerStandardErrorResponses(app);

  // Security headers a clinic's reviewer will look for; the client needs nothing from other origins.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("x-frame-options", "DENY");
    reply.header("referrer-policy", "no-referrer");
    if (reply.request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
  });

  // Before the API routes: the document is made of the routes registered after it.
  await registerApiDocs(app, { bundle: ctx.bundle, version: ctx.config.version });
  await app.register(healthRoutes, { version: ctx.config.version, database: ctx.dbKind });
  for (const routes of apiRouteModules) await app.register(routes, ctx);

  if (serveClient) await app.register(fastifyStatic, { root: CLIENT_DIST, wildcard: false });
  return app;
}
